/**
 * Debian's Chromium and the flags it needs on these machines: no sandbox as root, and no
 * background networking (the network is closed, so its connection attempts only fail).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
