import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { build } from "esbuild";
import { TEST_ORIGIN } from "../support/test-app.ts";

/**
 * Requests per second of the signed-in API against a bare Node server measured in the same run (issue 13): each
 * server is a child process of its own, so the load generator does not share its event loop, and its memory (RSS)
 * is read from /proc at rest and after the load.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const here = import.meta.dirname;

type Child = { process: ChildProcess; ready: { port: number; cookie?: string } };

/**
 * Servers run as plain JavaScript, as `npm start` runs the app (scripts/build-server.ts): bundled into build/bench/,
 * two levels below the root like the app's own bundle.
 */
async function bundled(script: string) {
  const name = basename(script).replace(/\.ts$/, "");
  const outdir = resolve(here, "../../build/bench");
  await build({
    entryPoints: { [name]: resolve(here, script) },
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    // Chunks of code loaded at first use sit beside the entry, as in the app's own bundle (scripts/build-server.ts).
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    // As scripts/build-server.ts: import attributes (the JSON import of `tlds`) are kept from Node 20.10 on.
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
  });
  return resolve(outdir, `${name}.mjs`);
}

async function start(script: string, env: Record<string, string | undefined> = {}): Promise<Child> {
  const child = spawn(process.execPath, [await bundled(script)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).once("line", done);
    child.once("exit", (code) => fail(new Error(`${script} exited with ${code}`)));
  });
  return { process: child, ready: JSON.parse(line) };
}

async function stop(child: Child) {
  const exited = new Promise((done) => child.process.once("exit", done));
  child.process.kill("SIGTERM");
  await exited;
}

/** Resident memory of a process in MB. */
function rssMb(child: Child) {
  const status = readFileSync(`/proc/${child.process.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

type Load = { requestsPerSecond: number; p99: number; errors: number; timeouts: number; non2xx: number };

async function load(port: number, path: string, options: { cookie?: string; connections?: number } = {}) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: options.connections ?? 10,
    duration: seconds,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  } satisfies Load;
}

type ThroughputRow = { label: string; load: Load; share: number; rssAfter?: number };
/** RSS while one endpoint is under load for a minute: does the server's memory settle, or keep growing? */
type Soak = { seconds: number; samples: number[] };
export type ThroughputReport = {
  database: string;
  bare: [Load, Load];
  /** Ceilings measured in the same run: the framework alone, and one database round trip without any framework. */
  ceilings: ThroughputRow[];
  rows: ThroughputRow[];
  soak: Soak;
  rss: { atRest: number; afterLoad: number; afterRestart: number };
};

const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);

/** Loads the path for `soakSeconds` and reads the server's RSS every 5 s. */
async function soak(child: Child, path: string, cookie: string | undefined): Promise<Soak> {
  const samples: number[] = [rssMb(child)];
  const timer = setInterval(() => samples.push(rssMb(child)), 5_000);
  await autocannon({
    url: `http://127.0.0.1:${child.ready.port}${path}`,
    connections: 10,
    duration: soakSeconds,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  clearInterval(timer);
  samples.push(rssMb(child));
  return { seconds: soakSeconds, samples };
}

async function ceiling(label: string, script: string, env: Record<string, string | undefined> = {}) {
  const server = await start(script, env);
  const result = await load(server.ready.port, "/");
  await stop(server);
  return { label, load: result };
}

export async function benchThroughput(database: { url?: string }): Promise<ThroughputReport> {
  const bare = await start("throughput/bare-server.ts");
  const bareBefore = await load(bare.ready.port, "/");
  await stop(bare);
  const ceilings = [await ceiling("bare Hono on @hono/node-server, same JSON", "throughput/hono-server.ts")];

  const dataDir = database.url ? undefined : mkdtempSync(join(tmpdir(), "unscroll-bench-"));
  const appEnv = { BENCH_DATABASE_URL: database.url, BENCH_DATA_DIR: dataDir };
  let app = await start("throughput/app-server.ts", appEnv);
  const { port, cookie } = app.ready;
  const rss: ThroughputReport["rss"] = { atRest: rssMb(app), afterLoad: 0, afterRestart: 0 };
  const endpoints: Array<[string, string, string | undefined, number?]> = [
    ["GET /api/health", "/api/health", undefined],
    ["GET /api/me, anonymous", "/api/me", undefined],
    ["GET /api/me, signed in", "/api/me", cookie],
    ["GET /api/dashboard, signed in", "/api/dashboard", cookie],
    ["GET /api/dashboard, signed in, 50 connections", "/api/dashboard", cookie, 50],
  ];
  const measured: Array<{ label: string; load: Load; rssAfter: number }> = [];
  for (const [label, path, withCookie, connections] of endpoints) {
    const result = await load(port, path, { cookie: withCookie, connections });
    measured.push({ label, load: result, rssAfter: rssMb(app) });
  }
  rss.afterLoad = rssMb(app);
  const soaked = await soak(app, "/api/dashboard", cookie);
  await stop(app);

  // A restart on the data the database already holds, with nothing seeded or generated: the server at rest, as a
  // returning deploy starts.
  app = await start("throughput/app-server.ts", { ...appEnv, BENCH_COOKIE: cookie });
  rss.afterRestart = rssMb(app);
  await stop(app);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (database.url) {
    // After the app's run: its migrations made the sessions table this server reads.
    ceilings.push(
      await ceiling("bare Node http + one prepared indexed query", "throughput/bare-db-server.ts", {
        BENCH_DATABASE_URL: database.url,
      }),
      await ceiling("bare Node http + the dashboard statement alone", "throughput/bare-db-server.ts", {
        BENCH_DATABASE_URL: database.url,
        BENCH_QUERY: "dashboard",
      }),
    );
  }

  const bare2 = await start("throughput/bare-server.ts");
  const bareAfter = await load(bare2.ready.port, "/");
  await stop(bare2);
  const top = Math.max(bareBefore.requestsPerSecond, bareAfter.requestsPerSecond);
  const share = <T extends { load: Load }>(m: T) => ({ ...m, share: m.load.requestsPerSecond / top });
  return {
    database: database.url ? "PostgreSQL" : "PGlite",
    bare: [bareBefore, bareAfter],
    ceilings: ceilings.map(share),
    rows: measured.map(share),
    soak: soaked,
    rss,
  };
}

export function printThroughput(report: ThroughputReport) {
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const problems = (l: Load) =>
    [l.errors && `${l.errors} errors`, l.timeouts && `${l.timeouts} timeouts`, l.non2xx && `${l.non2xx} non-2xx`]
      .filter(Boolean)
      .join(", ");
  console.log(`\n${report.database}: autocannon, ${seconds} s per endpoint, 10 connections unless said`);
  console.log("| endpoint | req/s | share of bare Node | p99 ms | problems | server RSS after, MB |");
  console.log("|---|---|---|---|---|---|");
  const [before, after] = report.bare;
  console.log(
    `| bare node http | ${before.requestsPerSecond} / ${after.requestsPerSecond} | 100 % | ${before.p99} | | |`,
  );
  for (const row of [...report.ceilings, ...report.rows]) {
    console.log(
      `| ${row.label} | ${row.load.requestsPerSecond} | ${percent(row.share)} | ${row.load.p99} | ${problems(row.load)} | ${row.rssAfter ?? ""} |`,
    );
  }
  const { samples } = report.soak;
  console.log(
    `Server RSS under ${report.soak.seconds} s more of GET /api/dashboard (signed in, 10 connections), every 5 s: ` +
      `${samples.join(", ")} MB (first ${samples[0]}, highest ${Math.max(...samples)}, last ${samples.at(-1)}).`,
  );
  console.log(
    `Server RSS: ${report.rss.afterRestart} MB at rest after a restart on the existing data; ${report.rss.atRest} MB` +
      ` after the first start and seeding (a plan generated), ${report.rss.afterLoad} MB after the load.`,
  );
}
