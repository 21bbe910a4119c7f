import { dirname, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");
/** Two levels below the root, like `src/server/`, so `project-root.ts` finds the same root from the bundle. */
export const serverBundle = resolve(root, "build/server/main.mjs");

/**
 * `npm start` runs the server as one plain JavaScript file instead of compiling TypeScript in the running process:
 * tsx's loader thread and its caches held ~110 MB of a ~270 MB server at rest (issue 13, decision 0097). Packages
 * stay in node_modules; only our own code is bundled, unminified, so stack traces still name our functions.
 * It takes about a second, so it runs at every start. `outdir`: tests that run beside each other bundle into folders
 * of their own (two levels below the root as well).
 */
export async function buildServer(outdir = dirname(serverBundle)) {
  await build({
    entryPoints: {
      main: resolve(root, "src/server/main.ts"),
      // The activity reader's worker thread, found beside main.mjs and its chunks (read-activity-off-thread.ts).
      "activity-worker": resolve(root, "src/server/services/proof/activity/activity-worker.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    // Code loaded with import() at first use (the plan writers, the mailer, web push) stays in chunks of its own:
    // without splitting, esbuild would inline it, and its packages would load at start (issue 13).
    splitting: true,
    // Beside main.mjs, two levels below the root like it (project-root.ts).
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    // package.json's engines: from Node 20.10 on, import attributes (`with { type: "json" }`) are kept; under "node20"
    // esbuild dropped them and Node refused the JSON import of `tlds` (decision 0145).
    target: "node20.19",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
