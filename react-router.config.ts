import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/shared/paths.ts";

export default {
  appDirectory: "src/client",
  // BUILD_DIR lets parallel test runs build into separate folders.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages are pre-rendered to HTML at build time. The dashboard's screens are rendered by the server with his
  // data (decision 0139, src/server/page-render.ts); every other path gets the SPA shell (scripts/write-app-shell.ts).
  ssr: true,
  // The whole route table in the page, as in SPA mode: the server answers no `/__manifest` requests.
  routeDiscovery: { mode: "initial" },
  prerender: [...prerenderedPaths],
  // React Router 8's behaviour, taken early (see docs/decisions/0007). With no loaders, actions or middleware in the
  // app, the built scripts are byte-for-byte those of v7's defaults; the Environment API build also skips a second
  // Vite compiler.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
