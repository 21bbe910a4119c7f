import { existsSync } from "node:fs";

/**
 * Debian's Chromium and the flags it needs on these machines: no sandbox as root, and no
 * background networking (the network is closed, so its connection attempts only fail).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' browser: Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself
 * runs headless by default). The whole suite took 396 s in it against 468 s in the full browser's headless mode, on
 * the same two-core machine (decision 0132). It shows no notifications, so the push spec uses `chromiumPath`. Without
 * the package the full browser runs every test.
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const testBrowserPath = existsSync(headlessShell) ? headlessShell : chromiumPath;

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
