import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";

// No folder of src/server/services imports another in a circle (issue 57, decision 0172), checked by `npm run lint`.
// dependency-cruiser's `no-circular` sees modules only: reminders/a.ts -> partners/b.ts -> reminders/c.ts is no cycle
// of modules, yet it makes reminders and partners one tangle where neither is below the other. Its folder-scoped rules
// count every folder and its parents (services/ itself against each area) and every test, so this check cruises with
// the project's own configuration and folds each module into its area, the folder `collapse` would give for
// `^src/server/services/[^/]+`, keeping one importing file per edge to name in the message.
//
// Tests are left out. A test is a leaf that nothing imports, so it cannot decide which area loads first or which is
// below which; and a test of the whole outbox (busiest-monday, week-markers) runs every area's claims together.

export const RULE = "service-folders-not-circular";
const AREA = /^src\/server\/services\/([^/]+)\//;
const TEST = "[.]test[.]tsx?$";

/** The areas each area imports, with one file that does it: `from -> to -> "from/file.ts imports to/file.ts"`. */
export type FolderGraph = Map<string, Map<string, string>>;

/** Cruises `src` under `baseDir` with .dependency-cruiser.cjs's resolution and folds the modules into their areas. */
export async function serviceFolderGraph(baseDir: string, configFile: string): Promise<FolderGraph> {
  const options = await extractDepcruiseOptions(configFile);
  const result = await cruise(["src"], {
    ...options,
    baseDir,
    // Only the import graph is wanted: the rules are `depcruise src`'s to report.
    ruleSet: undefined,
    validate: false,
    exclude: { path: TEST },
    outputType: "json",
  });
  const { modules } = JSON.parse(String(result.output)) as {
    modules: { source: string; dependencies: { resolved: string }[] }[];
  };
  const graph: FolderGraph = new Map();
  for (const { source, dependencies } of modules) {
    const from = AREA.exec(source)?.[1];
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { resolved } of dependencies) {
      const to = AREA.exec(resolved)?.[1];
      if (!to || to === from || edges.has(to)) continue;
      edges.set(to, `${source} imports ${resolved}`);
    }
  }
  return graph;
}

/**
 * Each circle of areas, as one path that comes back to its start: the strongly connected components of the graph
 * (Tarjan), each walked from its first area in name order.
 */
export function folderCycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area) ?? 0);
    stack.push(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(area, Math.min(low.get(area) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(area) !== index.get(area)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === area ? undefined : stack.pop()) component.push(top);
    if (component.length > 1) components.push(component.sort());
  };
  for (const area of [...graph.keys()].sort()) if (!index.has(area)) visit(area);
  return components.map((component) => pathWithin(graph, component));
}

/** The areas of each tangle (strongly connected), for the report: breaking one circle may leave the others. */
export function tangles(graph: FolderGraph): string[][] {
  return folderCycles(graph).map((cycle) => {
    const reach = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of graph.get(from)?.keys() ?? []) if (!seen.has(next)) reach(next, seen.add(next));
      return seen;
    };
    const start = cycle[0] ?? "";
    return [...reach(start)].filter((area) => reach(area).has(start)).sort();
  });
}

/** A shortest way from the component's first area back to itself, through the component only (breadth first). */
function pathWithin(graph: FolderGraph, component: string[]): string[] {
  const [start = ""] = component;
  const came = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const area = queue.shift() ?? "";
    for (const next of graph.get(area)?.keys() ?? []) {
      if (!component.includes(next) || came.has(next)) continue;
      came.set(next, area);
      if (next === start) {
        const path = [start];
        for (let at = area; at !== start; at = came.get(at) ?? start) path.unshift(at);
        return [start, ...path];
      }
      queue.push(next);
    }
  }
  return component;
}

/** The check's report: one `error <rule>: a → b → a` line per circle, each edge with a file that makes it. */
export function describeCycles(graph: FolderGraph, cycles: string[][]): string {
  const tangled = tangles(graph);
  return cycles
    .map((cycle, i) => {
      const areas = cycle.map((area) => `src/server/services/${area}`).join(" → ");
      const why = cycle.slice(1).map((to, j) => `    ${graph.get(cycle[j] ?? "")?.get(to)}`);
      const all = `    one circle of the tangle ${tangled[i]?.join(", ")}`;
      return [`error ${RULE}: ${areas}`, ...why, all].join("\n");
    })
    .join("\n");
}

async function main() {
  const root = resolve(import.meta.dirname, "..");
  const graph = await serviceFolderGraph(root, resolve(root, ".dependency-cruiser.cjs"));
  if (process.argv.includes("--print")) {
    for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${from} -> ${[...edges.keys()].sort().join(" ")}`);
  }
  const cycles = folderCycles(graph);
  if (cycles.length === 0) {
    console.log(`no circle among the ${graph.size} folders of src/server/services`);
    return;
  }
  console.error(describeCycles(graph, cycles));
  console.error(
    `\n${cycles.length} circle(s) among the folders of src/server/services: move what both need below both`,
  );
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
