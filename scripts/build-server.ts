import { resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");
/** Two levels below the root, like `src/server/`, so `project-root.ts` finds the same root from the bundle. */
export const serverBundle = resolve(root, "build/server/main.mjs");

/**
 * `npm start` runs the server as one plain JavaScript file instead of compiling TypeScript in the running process:
 * tsx's loader thread and its caches held ~110 MB of a ~270 MB server at rest (issue 13, decision 0097). Packages
 * stay in node_modules; only our own code is bundled, unminified, so stack traces still name our functions.
 * It takes about a second, so it runs at every start.
 */
export async function buildServer() {
  await build({
    entryPoints: [resolve(root, "src/server/main.ts")],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
