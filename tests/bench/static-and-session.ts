import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { getRequestListener } from "@hono/node-server";
import autocannon from "autocannon";
import { build, type Plugin } from "esbuild";
import { Context } from "hono";
import { ensureBuild } from "#scripts/ensure-build.ts";
import { createSessionReader } from "#server/auth/session-read.ts";
import type { AppEnv } from "#server/context.ts";
import { loadStaticSite } from "#server/static.ts";
import { TEST_ORIGIN } from "../support/test-app.ts";
import { createSessionReader as createHonoCookieSessionReader } from "./alternatives/session-read-hono-cookie.ts";
import { loadStaticSite as loadHandwrittenStaticSite } from "./baseline/static-handwritten.ts";
import { createBenchApp } from "./bench-app.ts";

/**
 * Issue 29, decision 0112, in one run:
 *  - before: the built client served by the hand-written code of tests/bench/baseline/static-handwritten.ts;
 *  - after: src/server/static.ts (hono's serveStatic and MIME table) and src/server/auth/session-read.ts;
 *  - the alternatives measured and not taken: assets from the disk by @hono/node-server's serveStatic
 *    (alternatives/static-from-disk.ts), the session cookie checked by hono's getSignedCookie
 *    (alternatives/session-read-hono-cookie.ts).
 * In-process: the site's or the session reader's own work on a prepared request, in CPU µs. Through the app: the
 * whole server in child processes (throughput/site-server.ts), bundled as it is, with the baseline in place of
 * src/server/static.ts, or with the alternatives; all stay up and each row alternates between them, round after
 * round, so a drift of a shared machine hits each alike. Figures: req/s and the server's CPU µs per request.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const inProcessRounds = Number(process.env.BENCH_IN_PROCESS_ROUNDS ?? 60);
const here = import.meta.dirname;
const client = resolve(here, "../../build/client");
const BROWSER = "gzip, deflate, br, zstd";

type Variant = "before" | "after" | "alternative";
type Pair = { label: string; before: number[]; after: number[]; alternative: number[] };

// ---- in-process ------------------------------------------------------------------------------------------------

/**
 * CPU µs (this process, every thread: WebCrypto's work on libuv's pool counts) per call of `work` on a batch of
 * `count` requests prepared beforehand. CPU time rather than elapsed time, so other work on a shared machine moves the
 * figure less; small batches, alternating between the variants, so a slow moment hits each alike.
 */
async function cpuPerCall(
  work: (c: Context<AppEnv>) => Promise<unknown>,
  path: string,
  headers: HeadersInit,
  count: number,
) {
  const contexts = Array.from({ length: count }, () => new Context(new Request(`${TEST_ORIGIN}${path}`, { headers })));
  const started = process.cpuUsage();
  for (const c of contexts) if (!(await work(c as Context<AppEnv>))) throw new Error(`${path}: nothing answered`);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

async function inProcess(asset: string): Promise<Pair[]> {
  // The Response the server makes (@hono/node-server's light one), not undici's, which copies a body it is given.
  getRequestListener(() => new Response(null));
  const sites = { before: await loadHandwrittenStaticSite(client), after: await loadStaticSite(client) };
  const t = await createBenchApp({ env: { SESSION_CACHE_SECONDS: "10" } });
  try {
    const user = await t.createUser();
    const uncached = { ...t.deps, env: { ...t.deps.env, SESSION_CACHE_SECONDS: 0 } };
    const readers = {
      kept: { after: createSessionReader(t.deps), alternative: createHonoCookieSessionReader(t.deps) },
      uncached: { after: createSessionReader(uncached), alternative: createHonoCookieSessionReader(uncached) },
    };
    const site =
      (path: string, headers: Record<string, string> = { "accept-encoding": BROWSER }) =>
      (v: Variant) =>
        v === "alternative" ? null : cpuPerCall(async (c) => sites[v].serve(c), path, headers, 2_000);
    const session = (kept: keyof typeof readers) => (v: Variant) =>
      v === "before"
        ? null
        : cpuPerCall(
            async (c) => readers[kept][v].read(c),
            "/api/me",
            { cookie: user.cookie },
            kept === "kept" ? 2_000 : 100,
          );
    const cases: Array<[string, (v: Variant) => Promise<number> | null]> = [
      ["site: hashed asset, brotli copy", site(asset)],
      ["site: hashed asset, no Accept-Encoding", site(asset, {})],
      ["site: pre-rendered landing page", site("/")],
      ["site: client route, SPA fallback", site("/dashboard")],
      ["site: missing asset, 404", site("/assets/missing-0000.js")],
      ["session read: signed cookie, session kept (cache hit)", session("kept")],
      ["session read: signed cookie, session cache off (one query)", session("uncached")],
    ];
    const pairs: Pair[] = [];
    for (const [label, measure] of cases) {
      const pair: Pair = { label, before: [], after: [], alternative: [] };
      for (let round = 0; round < inProcessRounds; round++) {
        // Each goes first in turn, so the garbage one leaves is collected in the others' time alike.
        const order: Variant[] = ["before", "after", "alternative"];
        for (const v of [...order.slice(round % 3), ...order.slice(0, round % 3)]) {
          const figure = await measure(v);
          if (figure !== null) pair[v].push(figure);
        }
      }
      pairs.push(pair);
    }
    return pairs;
  } finally {
    await t.close();
  }
}

// ---- through the app -------------------------------------------------------------------------------------------

/** Bundled with the hand-written site in place of src/server/static.ts: the "before" server. */
const baseline: Plugin = {
  name: "baseline",
  setup(b) {
    b.onResolve({ filter: /^(\.\/|#server\/)static\.ts$/ }, () => ({
      path: resolve(here, "baseline/static-handwritten.ts"),
    }));
  },
};

/** Bundled with the session read of alternatives/ in place of src/server/auth/session-read.ts. */
const alternatives: Plugin = {
  name: "alternatives",
  setup(b) {
    b.onResolve({ filter: /^(\.\/|#server\/auth\/)session-read\.ts$/ }, () => ({
      path: resolve(here, "alternatives/session-read-hono-cookie.ts"),
    }));
  },
};

/** The server as `npm start` runs it, plain JavaScript in build/bench/ (as tests/bench/throughput.ts does). */
async function bundle(variant: Variant) {
  const outdir = resolve(here, "../../build/bench");
  const name = `site-server-${variant}`;
  await build({
    entryPoints: { [name]: resolve(here, "throughput/site-server.ts") },
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    // As scripts/build-server.ts: import attributes (the JSON import of `tlds`) are kept from Node 20.10 on.
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
    plugins: { before: [baseline], after: [], alternative: [alternatives] }[variant],
  });
  return resolve(outdir, `${name}.mjs`);
}

type Child = { process: ChildProcess; port: number; cookie: string };

async function start(script: string, env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, BENCH_CLIENT_DIR: client, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).once("line", done);
    child.once("exit", (code) => fail(new Error(`${script} exited with ${code}`)));
  });
  return { process: child, ...JSON.parse(line) };
}

async function stop(child: Child) {
  const exited = new Promise((done) => child.process.once("exit", done));
  child.process.kill("SIGTERM");
  await exited;
}

/** CPU seconds the process has used so far, every thread (Linux /proc). */
function cpuSeconds(child: Child) {
  const stat = readFileSync(`/proc/${child.process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type Row = { label: string; path: string; headers?: Record<string, string>; signedIn?: boolean };
type Figure = { requestsPerSecond: number; p99: number; cpuUs: number };

async function load(child: Child, row: Row): Promise<Figure> {
  const cpuBefore = cpuSeconds(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${child.port}${row.path}`,
    connections: 10,
    duration: seconds,
    headers: { origin: TEST_ORIGIN, ...row.headers, ...(row.signedIn ? { cookie: child.cookie } : {}) },
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${row.label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  const cpuUs = ((cpuSeconds(child) - cpuBefore) * 1e6) / result.requests.total;
  return { requestsPerSecond: Math.round(result.requests.average), p99: result.latency.p99, cpuUs };
}

type Measured = { label: string } & Record<Variant, Figure[]>;

async function throughApp(asset: string): Promise<Measured[]> {
  const scripts = {
    before: await bundle("before"),
    after: await bundle("after"),
    alternative: await bundle("alternative"),
  };
  const browser = { "accept-encoding": BROWSER };
  // Which variants each row compares: the site's rows the alternative site, the session's rows the alternative check.
  const rows: Array<[Row, Variant[]]> = [
    [
      { label: `GET ${asset} (browser: the brotli copy)`, path: asset, headers: browser },
      ["before", "after", "alternative"],
    ],
    [{ label: `GET ${asset} (no Accept-Encoding: as built)`, path: asset }, ["before", "after", "alternative"]],
    [
      { label: "GET / (pre-rendered landing, nonce, brotli on the way)", path: "/", headers: browser },
      ["before", "after"],
    ],
    [
      { label: "GET /dashboard (SPA fallback, brotli on the way)", path: "/dashboard", headers: browser },
      ["before", "after"],
    ],
    [
      { label: "GET /api/me, signed in (session kept 10 s)", path: "/api/me", signedIn: true },
      ["after", "alternative"],
    ],
  ];
  const uncachedRow: Row = { label: "GET /api/me, signed in, session cache off", path: "/api/me", signedIn: true };
  // Every server stays up while the rows run.
  const servers = {
    before: await start(scripts.before, {}),
    after: await start(scripts.after, {}),
    alternative: await start(scripts.alternative, { BENCH_SITE: "disk" }),
  };
  const uncached = {
    after: await start(scripts.after, { BENCH_SESSION_CACHE_SECONDS: "0" }),
    alternative: await start(scripts.alternative, { BENCH_SESSION_CACHE_SECONDS: "0" }),
  };
  try {
    const measured: Measured[] = [];
    const run = async (row: Row, on: Partial<Record<Variant, Child>>) => {
      const m: Measured = { label: row.label, before: [], after: [], alternative: [] };
      for (let round = 0; round < rounds; round++) {
        for (const [variant, server] of Object.entries(on) as Array<[Variant, Child]>) {
          m[variant].push(await load(server, row));
        }
      }
      measured.push(m);
    };
    for (const [row, variants] of rows) await run(row, Object.fromEntries(variants.map((v) => [v, servers[v]])));
    await run(uncachedRow, uncached);
    return measured;
  } finally {
    for (const server of [...Object.values(servers), ...Object.values(uncached)]) await stop(server);
  }
}

// ---- report ----------------------------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const change = (from: number[], to: number[]) => {
  if (!from.length || !to.length) return "";
  const ratio = median(to) / median(from) - 1;
  return `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)} %`;
};
const figure = (xs: number[], digits = 1) => (xs.length ? median(xs).toFixed(digits) : "");

export async function benchStaticAndSession() {
  ensureBuild();
  const html = readFileSync(resolve(client, "index.html"), "utf8");
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const asset = preloads.find((p) => p.includes("/entry.client-")) ?? preloads[0]!;
  return { inProcess: await inProcess(asset), throughApp: await throughApp(asset) };
}

export function printStaticAndSession(report: Awaited<ReturnType<typeof benchStaticAndSession>>) {
  console.log(
    `\nBuilt client and session read (decision 0112): before = hand-written site, after = the app, alternative =` +
      ` assets from disk / hono's getSignedCookie`,
  );
  console.log(
    `In-process, the site's or the reader's own work on a prepared request: CPU µs per request, median of ${inProcessRounds} rounds`,
  );
  console.log("| case | before | after | change | alternative | alternative vs after |");
  console.log("|---|---|---|---|---|---|");
  for (const p of report.inProcess) {
    const cells = [figure(p.before), figure(p.after), change(p.before, p.after), figure(p.alternative)];
    console.log(`| ${p.label} | ${cells.join(" | ")} | ${change(p.after, p.alternative)} |`);
  }
  console.log(
    `\nThrough the app, autocannon ${seconds} s a round, 10 connections, median of ${rounds} alternating rounds: req/s, server CPU µs per request`,
  );
  console.log(
    "| request | req/s before | after | change | alternative | CPU µs before | after | change | alternative | p99 ms before / after / alternative |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const rps = (fs: Figure[]) => fs.map((f) => f.requestsPerSecond);
  const cpu = (fs: Figure[]) => fs.map((f) => f.cpuUs);
  const p99 = (fs: Figure[]) => (fs.length ? String(Math.max(...fs.map((f) => f.p99))) : "-");
  for (const m of report.throughApp) {
    const cells = [
      figure(rps(m.before), 0),
      figure(rps(m.after), 0),
      change(rps(m.before), rps(m.after)),
      figure(rps(m.alternative), 0),
      figure(cpu(m.before), 0),
      figure(cpu(m.after), 0),
      change(cpu(m.before), cpu(m.after)),
      figure(cpu(m.alternative), 0),
      [m.before, m.after, m.alternative].map(p99).join(" / "),
    ];
    console.log(`| ${m.label} | ${cells.join(" | ")} |`);
  }
}
