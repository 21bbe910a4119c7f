import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import { paths } from "../shared/paths.ts";
import routes from "./routes.ts";

/** Every URL pattern the route table serves, spelled as it is declared there. */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.index || (entry.path && !entry.children?.length) ? [own || "/"] : [];
    return [...here, ...patterns(entry.children ?? [], own)];
  });
}

// Links and redirects use shared/paths.ts; matching is case-insensitive, so a path that drifted from the
// route table in casing would still work but show a URL unlike SPEC.md's. This keeps the two spelled alike.
test("every path of shared/paths.ts is a route of routes.ts, in the same casing", () => {
  const served = patterns(routes);
  expect(Object.values(paths).filter((path) => !served.includes(path))).toEqual([]);
  expect(served).toContain(`${paths.challengeWorkflow}/:id`);
  expect(served).toContain(`${paths.dashboard}/:section`);
});
