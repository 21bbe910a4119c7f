// Renders the app icons of the web app manifest from public/favicon.svg with Chromium (run once when the logo
// changes; the PNGs are committed): `node --import tsx scripts/render-icons.ts`.
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";

const root = resolve(import.meta.dirname, "..");
const svg = readFileSync(resolve(root, "public/favicon.svg"), "utf8");
const out = resolve(root, "public/icons");
mkdirSync(out, { recursive: true });

// "any" icons are the favicon as drawn; maskable ones keep the mark inside the 80 % safe zone on a full background,
// since launchers crop them to circles or squircles.
const icons = [
  { file: "icon-192.png", size: 192, padding: 0 },
  { file: "icon-512.png", size: 512, padding: 0 },
  { file: "maskable-512.png", size: 512, padding: 0.2 },
  { file: "apple-touch-icon.png", size: 180, padding: 0.1 },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
for (const icon of icons) {
  const inner = Math.round(icon.size * (1 - icon.padding));
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;background:#0a0a0b;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px">
      <div style="width:${inner}px;height:${inner}px">${svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div>
    </body></html>`,
  );
  await page.screenshot({ path: resolve(out, icon.file), omitBackground: false });
}
await browser.close();
console.log(`Rendered ${icons.length} icons into public/icons/`);
