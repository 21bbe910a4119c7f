import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/shared/prerendered-paths.ts";

export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  // The signed-in app is a client-rendered SPA; public pages are pre-rendered to HTML at build time.
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
