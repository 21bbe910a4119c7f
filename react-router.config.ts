import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/shared/paths.ts";

export default {
  appDirectory: "src/client",
  // BUILD_DIR lets parallel test runs build into separate folders.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The signed-in app is a client-rendered SPA; public pages are pre-rendered to HTML at build time.
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
