// The installable app (issue 14, decision 0093): after the client build, writes the web app manifest and a Workbox
// service worker that precaches the app shell, so the dashboard opens offline. Run by ensure-build.ts.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSW } from "workbox-build";
import { publicConfigFromEnv } from "#shared/config/public-config.ts";
import { paths } from "#shared/paths.ts";

/** The SPA shell React Router writes for paths it did not pre-render: every signed-in screen starts from it. */
export const APP_SHELL = "/__spa-fallback.html";

function manifest(appName: string) {
  return {
    id: paths.dashboard,
    name: appName,
    short_name: appName,
    description: "Trade endless scrolling for a real challenge: your mission, your challenges, your deadlines.",
    start_url: paths.dashboard,
    scope: "/",
    display: "standalone",
    background_color: "#0a0a0b",
    theme_color: "#0a0a0b",
    categories: ["lifestyle", "health", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * The push handler (web push, decision 0098), copied into assets/ under its content hash: sw.js names it, so a
 * changed handler makes a new worker, and its own file may be cached for good like every asset.
 */
function writePushHandler(clientDir: string) {
  const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "service-worker-push.js"));
  const name = `assets/push-handler-${createHash("sha256").update(source).digest("hex").slice(0, 10)}.js`;
  mkdirSync(join(clientDir, "assets"), { recursive: true });
  writeFileSync(join(clientDir, name), source);
  return `/${name}`;
}

export async function buildServiceWorker(clientDir: string, appName: string) {
  writeFileSync(join(clientDir, "manifest.webmanifest"), `${JSON.stringify(manifest(appName), null, 2)}\n`);
  const pushHandler = writePushHandler(clientDir);
  return generateSW({
    // Shows reminders pushed to this device and opens the dashboard when one is tapped.
    importScripts: [pushHandler],
    globDirectory: clientDir,
    // The shell: scripts, styles, fonts, icons and the SPA page. Never an API answer: those are one user's, and the
    // offline dashboard keeps its data in the page's own storage, per user (features/offline).
    globPatterns: [
      "assets/**/*.{js,css,woff2}",
      "icons/*.png",
      "favicon.svg",
      "manifest.webmanifest",
      APP_SHELL.slice(1),
    ],
    // The screenshot reader (decision 0160) needs its 4 MB of WebAssembly and language data from the network anyway:
    // its worker and module would only make every first visit download 160 kB more for nothing.
    globIgnores: ["assets/tesseract-*", "assets/read-screenshot-*"],
    swDest: join(clientDir, "sw.js"),
    // Opened offline, the dashboard starts from the cached shell; public pages stay network-only.
    navigateFallback: APP_SHELL,
    navigateFallbackAllowlist: [/^\/dashboard(\/|$)/i],
    navigateFallbackDenylist: [/^\/api\//],
    // A new deploy takes over at once; the next navigation loads the new shell.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: "production",
    // Assets carry a content hash in their names: their URL is their revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = resolve(process.argv[2] ?? "build/client");
  const appName = publicConfigFromEnv(process.env).data?.appName ?? "Unscroll";
  const { count, size, warnings } = await buildServiceWorker(clientDir, appName);
  for (const warning of warnings) console.warn(warning);
  if (process.env.VERBOSE) console.log(`Service worker precaches ${count} files (${Math.round(size / 1024)} kB).`);
}
