// The SPA shell (decision 0139): with `ssr: true` React Router writes no `__spa-fallback.html`, yet every path that is
// neither pre-rendered nor rendered with his data (the onboarding, the quiz, a partner's page, a dashboard opened
// offline from the service worker) starts from it. It is rendered here, once per build, the way React Router renders
// it in SPA mode: the root's HydrateFallback, and a context that tells the browser to run the routes' client loaders.
// Run by ensure-build.ts, before the service worker build that precaches it.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { APP_SHELL } from "./build-service-worker.ts";

export async function writeAppShell(buildDir: string) {
  // React Router honours the SPA-mode header only inside a build (IS_RR_BUILD_REQUEST), never from a visitor.
  process.env.IS_RR_BUILD_REQUEST = "yes";
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const response = await createRequestHandler(
    build,
    "production",
  )(new Request("http://localhost/", { headers: { "X-React-Router-SPA-Mode": "yes" } }));
  const html = await response.text();
  if (response.status !== 200 || !html.includes('"isSpaMode":true')) {
    throw new Error(`The app shell did not render (${response.status}):\n${html.slice(0, 500)}`);
  }
  writeFileSync(join(buildDir, "client", APP_SHELL.slice(1)), html);
}

if (import.meta.url === `file://${process.argv[1]}`) await writeAppShell(resolve(process.argv[2] ?? "build"));
