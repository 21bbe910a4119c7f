import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, readdir } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { chromium } from "@playwright/test";
import { build } from "vite";
import type { ScreenTimeReading } from "#client/features/screen-time/reading/parse-reading.ts";
import { chromiumArgs, chromiumPath } from "#tests/support/chromium.ts";
import { freePort } from "#tests/support/free-port.ts";
import { type Stats, stats } from "./stats.ts";

/**
 * Reading a screen-time screenshot in the browser (issue 55, decision 0160): the reader bundled by Vite as the app
 * bundles it (its worker, core and language data as hashed assets) into a page of its own, served with the app's
 * script policy, and run in Chromium at 4× CPU slowdown over every picture of tests/fixtures/screen-time. Prints the
 * totals read exactly, the wrong pictures refused, the time per screenshot and the bytes the reader adds. Alone:
 * `node --import tsx tests/bench/screen-time-reading.ts`; `npm run bench` runs it too (BENCH_SCREEN_TIME=0 leaves it
 * out). SCREEN_TIME_CPU_SLOWDOWN changes the slowdown.
 */
const root = resolve(import.meta.dirname, "../..");
const corpusDir = join(root, "tests/fixtures/screen-time");
const SLOWDOWN = Number(process.env.SCREEN_TIME_CPU_SLOWDOWN ?? 4);
/** What the app's pages allow (src/server/http/security-headers.ts), with WebAssembly, which the reader needs. */
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; connect-src 'self'";

type Expected = { ok: boolean; minutes?: number; period?: string; day?: string; platform?: string };
type Row = { file: string; ms: number; reading: ScreenTimeReading; expected: Expected; right: boolean };

async function bundleReader(outDir: string) {
  const page = await mkdtemp(join(tmpdir(), "screen-time-bench-"));
  writeFileSync(
    join(page, "index.html"),
    `<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>`,
  );
  // The reader is imported the way the check-in screen will: a dynamic import(), its own chunk.
  writeFileSync(
    join(page, "main.ts"),
    `Object.assign(window, { loadReader: () => import(${JSON.stringify(join(root, "src/client/features/screen-time/reading/read-screenshot.ts"))}) });`,
  );
  const viteConfig = (await import(join(root, "vite.config.ts"))).default as { build?: object; worker?: object };
  await build({
    root: page,
    configFile: false,
    logLevel: "warn",
    resolve: { alias: [{ find: /^#shared\/(.*)$/, replacement: join(root, "src/shared/$1") }] },
    build: { ...viteConfig.build, outDir, emptyOutDir: true },
    worker: viteConfig.worker,
  });
  rmSync(page, { recursive: true, force: true });
}

/** The reader's files: raw bytes, and as a browser gets them (brotli for scripts, as precompress.ts writes them). */
async function weight(outDir: string) {
  const files = (await readdir(join(outDir, "assets"))).filter(
    (f) => !f.startsWith("main-") && !f.startsWith("index-"),
  );
  let raw = 0;
  let sent = 0;
  const rows: string[] = [];
  for (const file of files) {
    const body = readFileSync(join(outDir, "assets", file));
    const compressed =
      extname(file) === ".js"
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
        : body.length;
    raw += body.length;
    sent += compressed;
    rows.push(
      `    ${file.padEnd(52)} ${(body.length / 1024).toFixed(0).padStart(6)} kB  sent ${(compressed / 1024).toFixed(0).padStart(6)} kB`,
    );
  }
  return { raw, sent, rows };
}

function serve(outDir: string, port: number) {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".png": "image/png" };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.startsWith("/corpus/")
      ? join(corpusDir, path.slice("/corpus/".length))
      : join(outDir, path === "/" ? "index.html" : path);
    try {
      statSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "Content-Type": types[extname(file)] ?? "application/octet-stream",
      "Content-Security-Policy": CSP,
    });
    response.end(readFileSync(file));
  });
  return new Promise<typeof server>((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

function isRight(reading: ScreenTimeReading, expected: Expected) {
  if (!expected.ok) return !reading.ok;
  return (
    reading.ok &&
    reading.minutes === expected.minutes &&
    reading.period === expected.period &&
    reading.day === expected.day &&
    reading.platform === expected.platform
  );
}

export async function benchScreenTimeReading() {
  const outDir = await mkdtemp(join(tmpdir(), "screen-time-reader-"));
  await bundleReader(outDir);
  const bytes = await weight(outDir);
  const { today, files } = JSON.parse(readFileSync(join(corpusDir, "expected.json"), "utf8")) as {
    today: string;
    files: Record<string, Expected>;
  };
  const server = await serve(outDir, await freePort());
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows: Row[] = [];
  let firstMs = 0;
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    await page.goto(`http://127.0.0.1:${port}/`);
    for (const [index, [file, expected]] of Object.entries(files).entries()) {
      const { ms, reading } = await page.evaluate(
        async ({ file, today }) => {
          const picture = await (await fetch(`/corpus/${file}`)).blob();
          const started = performance.now();
          const reader = await (
            window as unknown as {
              loadReader(): Promise<typeof import("#client/features/screen-time/reading/read-screenshot.ts")>;
            }
          ).loadReader();
          const reading = await reader.readScreenTime(picture, { today });
          return { ms: performance.now() - started, reading };
        },
        { file, today },
      );
      // The first includes loading the module, starting the worker and its core, and the language data.
      if (index === 0) firstMs = ms;
      rows.push({ file, ms, reading, expected, right: isRight(reading, expected) });
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  return { rows, firstMs, bytes, slowdown: SLOWDOWN };
}

export function printScreenTimeReading(result: Awaited<ReturnType<typeof benchScreenTimeReading>>) {
  const { rows, firstMs, bytes, slowdown } = result;
  const readable = rows.filter((r) => r.expected.ok);
  const wrong = rows.filter((r) => !r.expected.ok);
  const totals = readable.filter((r) => r.reading.ok && r.reading.minutes === r.expected.minutes);
  const times: Stats = stats(rows.slice(1).map((r) => r.ms));
  console.log(`Screen-time screenshots read in Chromium at ${slowdown}× CPU slowdown (issue 55, decision 0160)`);
  console.log(
    `  totals read exactly            ${totals.length}/${readable.length} (${((100 * totals.length) / readable.length).toFixed(0)} %, goal ≥ 95 %)`,
  );
  console.log(`  total, period, day, platform   ${readable.filter((r) => r.right).length}/${readable.length}`);
  console.log(`  wrong pictures refused         ${wrong.filter((r) => r.right).length}/${wrong.length}`);
  console.log(`  first reading (loads all)      ${(firstMs / 1000).toFixed(1)} s`);
  console.log(
    `  one screenshot, worker ready   median ${(Number(times.median) / 1000).toFixed(2)} s  worst ${(Number(times.max) / 1000).toFixed(2)} s (goal ≤ 3 s)`,
  );
  console.log(
    `  bytes the reader adds          ${(bytes.raw / 1024 / 1024).toFixed(2)} MB raw, ${(bytes.sent / 1024 / 1024).toFixed(2)} MB sent`,
  );
  for (const row of bytes.rows) console.log(row);
  for (const r of rows.filter((row) => !row.right))
    console.log(`  wrong: ${r.file}: read ${JSON.stringify(r.reading)}, expected ${JSON.stringify(r.expected)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printScreenTimeReading(await benchScreenTimeReading());
