import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ensureBuild } from "#scripts/ensure-build.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bytes a browser downloads for one file with this encoding: the build's precompressed copy, else the file. */
function sizeOf(path: string, suffix: ".br" | ".gz" | "") {
  return statSync(suffix && existsSync(path + suffix) ? path + suffix : path).size;
}

/**
 * What the landing page makes a phone download: every script of its module graph (the build lists them all as module
 * preloads in the page; the server strips the preload tags, not the imports) and its stylesheets, as sent.
 */
export function landingWeight() {
  ensureBuild();
  const client = resolve(import.meta.dirname, "../../build/client");
  const html = readFileSync(join(client, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => join(client, m[1]!));
  const styles = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => join(client, m[1]!));
  const sum = (files: string[], suffix: ".br" | ".gz" | "") => files.reduce((n, f) => n + sizeOf(f, suffix), 0);
  return {
    files: scripts.length,
    js: { raw: sum(scripts, ""), gzip: sum(scripts, ".gz"), brotli: sum(scripts, ".br") },
    css: { raw: sum(styles, ""), brotli: sum(styles, ".br") },
  };
}

export function printLanding(weight: ReturnType<typeof landingWeight>) {
  const { files, js, css } = weight;
  console.log(
    `landing page JavaScript: ${kb(js.brotli)} brotli, ${kb(js.gzip)} gzip, ${kb(js.raw)} raw, in ${files} files` +
      ` (goal ≤ 90 KB compressed); CSS ${kb(css.brotli)} brotli, ${kb(css.raw)} raw`,
  );
}
