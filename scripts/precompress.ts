import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text files a browser downloads as they are. HTML is left out: each page gets the request's CSP nonce. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);
/** Below this, the encoding headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every compressible file of the
 * built client, once at build time, so the server sends compressed bytes without compressing per request
 * (issue 13). A variant that would not be smaller is not written.
 */
export function precompress(clientDir: string) {
  let files = 0;
  let original = 0;
  let brotli = 0;
  for (const path of walk(clientDir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    files += 1;
    original += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { files, original, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, original, brotli } = precompress(resolve(process.argv[2] ?? "build/client"));
  if (process.env.VERBOSE) {
    console.log(
      `Precompressed ${files} files: ${Math.round(original / 1024)} kB → ${Math.round(brotli / 1024)} kB brotli.`,
    );
  }
}
