import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { build } from "esbuild";
import pg from "pg";
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
async function bundled(script: string, root = resolve(here, "../..")) {
  const name = basename(script).replace(/\.ts$/, "");
  const outdir = resolve(root, "build/bench");
  await build({
    entryPoints: { [name]: resolve(root, "tests/bench", script) },
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

/** The servers still running: a run that fails (a database that does not exist) stops them as it exits. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

async function start(script: string, env: Record<string, string | undefined> = {}, root?: string): Promise<Child> {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles every server of the run (docs/performance.md).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, await bundled(script, root)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).once("line", done);
    child.once("exit", (code) => fail(new Error(`${script} exited with ${code}`)));
  });
  return { process: child, ready: JSON.parse(line) };
}

export async function stop(child: Child) {
  const exited = new Promise((done) => child.process.once("exit", done));
  child.process.kill("SIGTERM");
  await exited;
}

/** Resident memory of a process in MB. */
function rssMb(child: Child) {
  const status = readFileSync(`/proc/${child.process.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The load's figures, and the server's CPU time per answered request (user + system), in µs. */
type Load = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  cpuMicros: number;
};

/** CPU time a process has used so far, in µs (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMicrosOf(child: Child) {
  const stat = readFileSync(`/proc/${child.process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export async function measuredLoad(
  child: Child,
  path: string,
  options: { cookie?: string; connections?: number; seconds?: number } = {},
) {
  const cpuBefore = cpuMicrosOf(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${child.ready.port}${path}`,
    connections: options.connections ?? 10,
    duration: options.seconds ?? seconds,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  const answered = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuMicros: (cpuMicrosOf(child) - cpuBefore) / answered,
  } satisfies Load;
}

/** Requests per second as a share of the bare Node loads just before and after it. */
const shareOf = (load: Load, bare: Load[]) =>
  load.requestsPerSecond / (bare.reduce((sum, b) => sum + b.requestsPerSecond, 0) / bare.length);
/** The bare server's CPU per request over this one's: a share a busy machine moves less than req/s. */
const cpuShareOf = (load: Load, bare: Load[]) =>
  bare.reduce((sum, b) => sum + b.cpuMicros, 0) / bare.length / load.cpuMicros;

type ThroughputRow = { label: string; load: Load; share: number; cpuShare: number; rssAfter?: number };
/** RSS while one endpoint is under load for a minute: does the server's memory settle, or keep growing? */
type Soak = { seconds: number; samples: number[] };
export type ThroughputReport = {
  database: string;
  /** Bare Node loaded before the first row, then after each. */
  bare: Load[];
  /** Ceilings measured in the same run: the framework alone, and one database round trip without any framework. */
  ceilings: ThroughputRow[];
  rows: ThroughputRow[];
  soak: Soak;
  /** Each app server's RSS: after its first start and seeding, after the loads, and at rest after a restart. */
  rss: Array<{ name: string; atRest: number; afterLoad: number; afterRestart: number }>;
};

const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);

/** Loads the path for `soakSeconds` and reads the server's RSS every 5 s. */
async function soak(child: Child, path: string, cookie: string | undefined): Promise<Soak> {
  const samples: number[] = [rssMb(child)];
  if (soakSeconds <= 0) return { seconds: 0, samples };
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
  const result = await measuredLoad(server, "/");
  await stop(server);
  return { label, load: result };
}

/**
 * A database of its own on the server the URL names, made afresh: the app's server seeds a community with fixed
 * names, and later parts of `npm run bench` seed theirs in the URL's own database.
 */
async function freshDatabase(url: string, suffix: string) {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * BENCH_COMPARE_ROOT=/path/to/another/checkout (e.g. the commit before a change, with this file's bench scripts copied
 * in if it predates them) runs that checkout's app server beside this one's, each endpoint loaded on one then the
 * other, between the same bare loads: an A/B a shared machine's drift hits alike (issue 58, decision 0173).
 */
const compareRoot = process.env.BENCH_COMPARE_ROOT;

export type AppUnderTest = {
  name: string;
  root?: string;
  child: Child;
  env: Record<string, string | undefined>;
  atStart: number;
};

/** The rows of a run: label, path, whether signed in, connections (10 unless said). */
export const ENDPOINTS: ReadonlyArray<readonly [string, string, boolean, number?]> = [
  ["GET /api/health", "/api/health", false],
  ["GET /api/me, anonymous", "/api/me", false],
  ["GET /api/me, signed in", "/api/me", true],
  ["GET /api/dashboard, signed in", "/api/dashboard", true],
  ["GET /api/insights, signed in", "/api/insights", true],
  ["GET /api/community/feed, first page, signed in", "/api/community/feed", true],
  ["GET /api/dashboard, signed in, 50 connections", "/api/dashboard", true, 50],
];

/** A man of a database filled before (`npm run seed:scale`), whom the app's server signs in instead of seeding its own. */
export type SignInAs = { email: string; password: string };

/**
 * This checkout's app server, and with BENCH_COMPARE_ROOT the other checkout's beside it: each seeded the same way on a
 * database of its own (PostgreSQL when `url` is given, else the embedded database in a folder of its own). With
 * `signIn`, each on the database `url` names itself, signed in as that man.
 */
export async function startApps(
  url: string | undefined,
  signIn?: SignInAs,
): Promise<{ apps: AppUnderTest[]; dataDirs: string[] }> {
  const sides = [{ name: "" }, ...(compareRoot ? [{ name: ` [${basename(compareRoot)}]`, root: compareRoot }] : [])];
  const dataDirs: string[] = [];
  const apps: AppUnderTest[] = [];
  for (const [i, side] of sides.entries()) {
    if (signIn) {
      // Both checkouts on the one database, as the same man: it is only read.
      const env = { BENCH_DATABASE_URL: url, BENCH_SIGN_IN: signIn.email, BENCH_SIGN_IN_PASSWORD: signIn.password };
      const child = await start("throughput/app-server.ts", env, side.root);
      apps.push({ ...side, env, child, atStart: rssMb(child) });
      continue;
    }
    const database = url && (await freshDatabase(url, i === 0 ? "throughput" : "throughput_compare"));
    const dataDir = database ? undefined : mkdtempSync(join(tmpdir(), "unscroll-bench-"));
    if (dataDir) dataDirs.push(dataDir);
    const env = { BENCH_DATABASE_URL: database, BENCH_DATA_DIR: dataDir };
    const child = await start("throughput/app-server.ts", env, side.root);
    apps.push({ ...side, env, child, atStart: rssMb(child) });
  }
  return { apps, dataDirs };
}

/**
 * The rows of ENDPOINTS beside bare Node, on the embedded database or PostgreSQL (`url`), each server seeded afresh;
 * with `signIn`, on the database `url` names as it is (a seeded one at scale), as that man, without the soak and the
 * database ceilings (they read the bench's own seeded man).
 */
export async function benchThroughput(given: {
  url?: string;
  signIn?: SignInAs;
  database?: string;
}): Promise<ThroughputReport> {
  // Bare Node stays up the whole run and is loaded before every row and after the last: each row's share is of the
  // bare loads beside it, so a shared machine's drift during the run hits both alike.
  const bare = await start("throughput/bare-server.ts");
  const bareLoads: Load[] = [];
  const loadBare = async () => {
    const result = await measuredLoad(bare, "/");
    bareLoads.push(result);
    return result;
  };
  await loadBare();
  const ceilings: ThroughputRow[] = [];
  const beside = async (row: () => Promise<{ label: string; load: Load; rssAfter?: number }>) => {
    const measured = await row();
    const before = bareLoads.at(-1)!;
    const after = await loadBare();
    return {
      ...measured,
      share: shareOf(measured.load, [before, after]),
      cpuShare: cpuShareOf(measured.load, [before, after]),
    };
  };
  ceilings.push(await beside(() => ceiling("bare Hono on @hono/node-server, same JSON", "throughput/hono-server.ts")));

  const { apps, dataDirs } = await startApps(given.url, given.signIn);
  const rss: ThroughputReport["rss"] = [];
  const only = process.env.BENCH_ENDPOINTS?.split("|").map((s) => s.trim());
  const rows: ThroughputRow[] = [];
  for (const [label, path, signedIn, connections] of ENDPOINTS) {
    // BENCH_ENDPOINTS="health|me, signed in": only the rows whose label holds one of these.
    if (only && !only.some((part) => label.includes(part))) continue;
    for (const app of apps) {
      const cookie = signedIn ? app.child.ready.cookie : undefined;
      rows.push(
        await beside(async () => ({
          label: `${label}${app.name}`,
          load: await measuredLoad(app.child, path, { cookie, connections }),
          rssAfter: rssMb(app.child),
        })),
      );
    }
  }
  const soaked = given.signIn
    ? { seconds: 0, samples: [rssMb(apps[0]!.child)] }
    : await soak(apps[0]!.child, "/api/dashboard", apps[0]!.child.ready.cookie);
  for (const app of apps) {
    const afterLoad = rssMb(app.child);
    await stop(app.child);
    // A restart on the data the database already holds, with nothing seeded or generated: the server at rest, as a
    // returning deploy starts.
    const again = await start(
      "throughput/app-server.ts",
      { ...app.env, BENCH_COOKIE: app.child.ready.cookie },
      app.root,
    );
    rss.push({ name: app.name, atRest: app.atStart, afterLoad, afterRestart: rssMb(again) });
    await stop(again);
    if (app.env.BENCH_DATABASE_URL && app === apps[0] && !given.signIn && process.env.BENCH_CEILINGS !== "0") {
      // After the app's run: its migrations made the sessions table this server reads.
      ceilings.push(
        await beside(() =>
          ceiling("bare Node http + one prepared indexed query", "throughput/bare-db-server.ts", {
            BENCH_DATABASE_URL: app.env.BENCH_DATABASE_URL,
          }),
        ),
        await beside(() =>
          ceiling("bare Node http + the dashboard statement alone", "throughput/bare-db-server.ts", {
            BENCH_DATABASE_URL: app.env.BENCH_DATABASE_URL,
            BENCH_QUERY: "dashboard",
          }),
        ),
      );
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await stop(bare);
  return {
    database: given.database ?? (given.url ? "PostgreSQL" : "PGlite"),
    bare: bareLoads,
    ceilings,
    rows,
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
  console.log(
    "| endpoint | req/s | share of bare Node | server CPU µs per request | share by CPU | p50 ms | p99 ms | problems | server RSS after, MB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const bareRates = report.bare.map((b) => b.requestsPerSecond);
  const bareCpu = report.bare.map((b) => b.cpuMicros.toFixed(0));
  console.log(
    `| bare node http (before each row, and after the last) | ${bareRates.join(" / ")} | 100 % | ${bareCpu.join(" / ")} | 100 % | ${report.bare[0]?.p50} | ${report.bare[0]?.p99} | | |`,
  );
  for (const row of [...report.ceilings, ...report.rows]) {
    console.log(
      `| ${row.label} | ${row.load.requestsPerSecond} | ${percent(row.share)} | ${row.load.cpuMicros.toFixed(0)} | ${percent(row.cpuShare)} | ${row.load.p50} | ${row.load.p99} | ${problems(row.load)} | ${row.rssAfter ?? ""} |`,
    );
  }
  const { samples } = report.soak;
  console.log(
    report.soak.seconds === 0
      ? "No load for memory (BENCH_SOAK_SECONDS=0, or a database filled before)."
      : `Server RSS under ${report.soak.seconds} s more of GET /api/dashboard (signed in, 10 connections), every 5 s: ` +
          `${samples.join(", ")} MB (first ${samples[0]}, highest ${Math.max(...samples)}, last ${samples.at(-1)}).`,
  );
  for (const rss of report.rss) {
    console.log(
      `Server${rss.name} RSS: ${rss.afterRestart} MB at rest after a restart on the existing data; ${rss.atRest} MB` +
        ` after the first start and seeding (a plan generated), ${rss.afterLoad} MB after the loads.`,
    );
  }
}
