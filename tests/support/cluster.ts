import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hc } from "hono/client";
import pg from "pg";
import type { ApiType } from "#server/app.ts";
import { startFakeS3 } from "./fake-s3.ts";
import { freePort } from "./free-port.ts";
import { answersFor, MARCUS } from "./personas.ts";
import { realClient } from "./real-client.ts";
import {
  exitOf,
  type RunningServer,
  STARTUP_MS,
  STOP_MS,
  startBundledServer,
  stopServer,
  until,
  writeClientFiles,
} from "./server-process.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// Over 400 lines and one job: the cluster's lifecycle (instances, proxy, sink, bucket), which its helpers share.

/**
 * Several instances of the server `npm start` runs (the bundle), on ONE PostgreSQL database, one SMTP sink and one
 * (fake) S3 bucket, behind HAProxy running deploy/haproxy.cfg itself with this cluster's ports (issue 36). Each
 * instance keeps its port for good: the proxy's server list is fixed, so a restarted instance comes back where the
 * proxy looks for it. For tests/cluster/ and the scaling bench.
 *
 * A test of its own (tests/cluster/<name>.process.test.ts, one cluster per file):
 *   cluster = await startCluster({ env: { DEV_FAKE_MODEL_SECONDS: "20" } });   // settings of every instance
 *   const cookie = await cluster.direct(0).signedIn("127.0.0.61");            // signed in through instance A
 *   await cluster.direct(0).postJson("/api/auth/sign-out", {}, { headers: { cookie } });
 *   (await cluster.direct(1).send("/api/me", { headers: { cookie } })).json(); // asked of instance B
 *   const { api, plan } = await userWithPlan(cluster);                          // through the proxy; api(cookie, i)
 *   await cluster.stop(0) / cluster.kill(0) / cluster.start(0) / cluster.waitHealthy(0) / cluster.waitDown(0)
 *   steadyLoad(cluster.client.send, [...], 40) while it happens; cluster.query(sql) on the shared database.
 */
const root = resolve(import.meta.dirname, "../..");
const HAPROXY_CONFIG = join(root, "deploy/haproxy.cfg");
/** deploy/haproxy.cfg names two servers, app1 and app2. */
const PROXY_SERVERS = 2;
const SECRET = "cluster-test-secret-".padEnd(40, "x");

/** Where haproxy is, or undefined: `apt-get install -y haproxy` (Debian bookworm ships 2.6). */
export function haproxyPath(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/**
 * Whether the proxy tests can run here. In CI (.ci/run sets UNSCROLL_REQUIRE_HAPROXY) a missing haproxy is a failure with what to do; elsewhere the
 * tests are skipped and say why.
 */
export function proxyTestsCanRun(): boolean {
  if (haproxyPath()) return true;
  const message = "haproxy is not installed: the cluster tests need it (Debian: apt-get install -y haproxy)";
  if (process.env.UNSCROLL_REQUIRE_HAPROXY) throw new Error(`${message}. .ci/run installs it.`);
  console.warn(`${message}; skipping them.`);
  return false;
}

export type ClusterOptions = {
  /** Instances started (default 2). With one, both of the proxy's servers point at it. */
  instances?: number;
  /** Settings of every instance, over the cluster's own. */
  env?: Record<string, string>;
  /** The database, empty (start-up migrates it); a fresh one of the PostgreSQL test project when not given. */
  database?: { url: string; drop: () => Promise<void> };
  /** Start HAProxy in front (default true). */
  proxy?: boolean;
  /** The page the bundled server serves as the client (a public page of the cluster). */
  page?: string;
};

type Instance = { name: string; port: number; server: RunningServer | undefined; dataDir: string };
type ProxyStatus = Record<string, string>;

export async function startCluster(options: ClusterOptions = {}) {
  const count = options.instances ?? 2;
  const withProxy = options.proxy ?? true;
  if (withProxy && count > PROXY_SERVERS) throw new Error(`deploy/haproxy.cfg lists ${PROXY_SERVERS} servers`);
  const dir = await mkdtemp(join(tmpdir(), "unscroll-cluster-"));
  const database = options.database ?? (await (await import("./test-database.ts")).createEmptyPostgresDatabase());
  const smtp = await startSmtpSink();
  const s3 = await startFakeS3();
  const proxyPort = await freePort();
  const statsPort = await freePort();
  const appUrl = `http://localhost:${proxyPort}`;
  const clientFiles = writeClientFiles(join(dir, "build"), options.page ?? CLUSTER_PAGE);
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    instances.push({ name: `app${i + 1}`, port: await freePort(), server: undefined, dataDir: join(dir, `data${i}`) });
  }

  const envOf = (instance: Instance): Record<string, string> => ({
    // As the process tests run the bundle (startRealServer): settings as `npm start` has them.
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    PORT: String(instance.port),
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    DATA_DIR: instance.dataDir,
    // One secret for all: a session cookie signed by one instance is read by every other.
    AUTH_SECRET: SECRET,
    DATABASE_URL: withApplicationName(database.url, `unscroll-${instance.name}`),
    DATABASE_POOL_SIZE: "5",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Unscroll <no-reply@unscroll.test>",
    TRUST_PROXY: "true",
    // Draining as in production (3 s there): the health check fails at once, and the proxy, checking every second,
    // has taken the instance out before its port closes.
    SHUTDOWN_GRACE_SECONDS: "2",
    ...s3.env,
    ...options.env,
  });

  async function start(i: number) {
    const instance = at(i);
    const child = instance.server?.child;
    if (child && child.exitCode === null && child.signalCode === null) throw new Error(`${instance.name} is running`);
    instance.server = await startBundledServer(envOf(instance), clientFiles);
    return instance.server;
  }

  function at(i: number) {
    const instance = instances[i];
    if (!instance) throw new Error(`no instance ${i}`);
    return instance;
  }

  let proxy: ChildProcess | undefined;
  let proxyOutput = "";
  /** The proxy's last health check of each server, for failure messages. */
  let lastChecks = "";

  /** HAProxy's view of its servers: name → status (UP, DOWN, "UP 1/2" while rising, MAINT, no check…). */
  async function proxyStatus(): Promise<ProxyStatus> {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header = "", ...rows] = csv.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const [px, sv, st] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
    const status: ProxyStatus = {};
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[px as number] === "unscroll_apps") status[cells[sv as number] ?? ""] = cells[st as number] ?? "";
    }
    const check = columns.indexOf("last_chk");
    lastChecks = rows
      .map((row) =>
        row
          .split(",")
          .slice(0, 2)
          .concat(row.split(",")[check] ?? "")
          .join(" "),
      )
      .join("\n");
    return status;
  }

  /** The proxy's names of instance i: app1 and app2, or both for a cluster of one. */
  const proxyNamesOf = (i: number) => (count === 1 ? ["app1", "app2"] : [at(i).name]);

  /** Waits until the proxy sends requests to instance i again (two good health checks: about 2 s). */
  async function waitHealthy(i: number, timeoutMs = 30_000) {
    await until(
      async () => {
        if (proxy && proxy.exitCode !== null) throw new Error(`haproxy exited:\n${proxyOutput}`);
        const status = await proxyStatus().catch(() => ({}) as ProxyStatus);
        return proxyNamesOf(i).every((name) => status[name] === "UP");
      },
      timeoutMs,
      () =>
        `the proxy did not see ${at(i).name} healthy in ${timeoutMs} ms:\n${lastChecks}\n${proxyOutput.slice(-2000)}`,
    );
  }

  /** Waits until the proxy has taken instance i out (one failed check: about 1 s). */
  async function waitDown(i: number, timeoutMs = 30_000) {
    await until(
      async () => {
        const status = await proxyStatus().catch(() => ({}) as ProxyStatus);
        return proxyNamesOf(i).every((name) => status[name]?.startsWith("DOWN"));
      },
      timeoutMs,
      () => `the proxy did not take ${at(i).name} out in ${timeoutMs} ms`,
    );
  }

  async function startProxy() {
    const servers = instances.length === 1 ? [at(0), at(0)] : instances;
    proxy = spawn(haproxyPath() ?? "haproxy", ["-f", HAPROXY_CONFIG, "-db"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        UNSCROLL_PROXY_BIND: `127.0.0.1:${proxyPort}`,
        UNSCROLL_STATS_BIND: `127.0.0.1:${statsPort}`,
        UNSCROLL_APP1: `127.0.0.1:${servers[0]?.port}`,
        UNSCROLL_APP2: `127.0.0.1:${servers[1]?.port}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    proxy.stdout?.on("data", (d) => {
      proxyOutput += d;
    });
    proxy.stderr?.on("data", (d) => {
      proxyOutput += d;
    });
    for (let i = 0; i < instances.length; i++) {
      if (proxy.exitCode !== null) throw new Error(`haproxy exited:\n${proxyOutput}`);
      await waitHealthy(i);
    }
  }

  const close = async () => {
    for (const instance of instances) instance.server?.child.kill("SIGKILL");
    proxy?.kill("SIGKILL");
    await Promise.all(instances.map((instance) => instance.server && exitOf(instance.server.child, STOP_MS)));
    await smtp.close();
    await s3.close();
    await pool?.end();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  };

  /** SIGTERM, as a process manager stops it: resolves with the exit code once it has exited. */
  async function stop(i: number) {
    const server = at(i).server;
    if (!server) throw new Error(`${at(i).name} is not running`);
    return stopServer(server);
  }

  let pool: pg.Pool | undefined;
  try {
    // At once, as a deploy starts them, on the empty database: both migrate it and set up pg-boss's schema and queues
    // (services/outbox/queue.ts runs again a setup step that lost the race to the other instance).
    await Promise.all(instances.map((_, i) => start(i)));
    if (withProxy) await startProxy();
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // As the app's own pool (db/client.ts): `pool.end()` resolves before its connections have closed, and the database's
  // drop with (force) then ends them; an idle connection's error must not fail the run that has passed.
  pool.on("error", () => {});

  return {
    dir,
    smtp,
    s3,
    appUrl,
    proxyPort,
    statsPort,
    /** The instances' ports, fixed for the cluster's life. */
    ports: instances.map((instance) => instance.port),
    /** Instance i's process while it runs (its output, its pid). */
    server: (i: number) => at(i).server,
    /** A client over real sockets through the proxy. */
    client: realClient(proxyPort, smtp),
    /** A client over real sockets straight to instance i, bypassing the proxy. */
    direct: (i: number) => realClient(at(i).port, smtp, appUrl),
    /** The typed API (hono/client) through the proxy, or straight to instance i; signed in with `cookie`. */
    api: (cookie?: string, i?: number) => typedApi(i === undefined ? proxyPort : at(i).port, appUrl, cookie),
    /** A query on the cluster's database, beside the instances. */
    query: <Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) =>
      (pool as pg.Pool).query<Row>(text, values),
    proxyStatus,
    proxyOutput: () => proxyOutput,
    /** HAProxy's pid (it runs in the foreground, one process), for its CPU use. */
    proxyPid: () => proxy?.pid,
    waitHealthy,
    waitDown,
    /** Starts instance i again on its port (after `stop` or `kill`); resolves once it answers its health check. */
    start,
    stop,
    /** Another signal (SIGKILL: a machine lost mid-request); resolves once it has exited. */
    async kill(i: number, signal: NodeJS.Signals = "SIGKILL") {
      const server = at(i).server;
      if (!server) throw new Error(`${at(i).name} is not running`);
      const exited = exitOf(server.child, STOP_MS);
      server.child.kill(signal);
      return exited;
    },
    /** Stop, start on the same port, and wait until the proxy sends it requests again. */
    async restart(i: number) {
      const code = await stop(i);
      await start(i);
      if (withProxy) await waitHealthy(i);
      return code;
    },
    close,
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A public page of the cluster's client (the bundled server serves it for every non-API path). */
const CLUSTER_PAGE =
  "<!doctype html><html><head><title>Unscroll</title></head><body><p>Escape the scroll.</p></body></html>";

/** The typed API over real sockets, with the Origin the site's own pages send. */
function typedApi(port: number, appUrl: string, cookie?: string) {
  return hc<ApiType>(`http://127.0.0.1:${port}/api`, {
    headers: { origin: new URL(appUrl).origin, ...(cookie ? { cookie } : {}) },
  });
}

/** PostgreSQL shows each instance's connections under a name of their own (pg_stat_activity, triggers). */
function withApplicationName(url: string, name: string) {
  const u = new URL(url);
  u.searchParams.set("application_name", name);
  return u.toString();
}

/**
 * A signed-in user with a plan written by the offline generator (as test-app's userWithPlan, over real sockets through
 * the proxy): the cookie and the plan's challenges with their milestones.
 */
export async function userWithPlan(cluster: Cluster, from = "127.0.0.1") {
  const cookie = await cluster.client.signedIn(from);
  const api = cluster.api(cookie);
  const created = await api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } });
  if (!created.ok) throw new Error(`quiz answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  await api.quiz.responses[":id"].generate.$post({ param: { id } });
  await until(
    async () => {
      const state = await (await api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
      if (state.status === "failed") throw new Error(`generation failed: ${JSON.stringify(state)}`);
      return state.status === "done";
    },
    STARTUP_MS,
    () => "the plan was not written in time",
  );
  const plan = await (await api.quiz.responses[":id"].$get({ param: { id } })).json();
  return { cookie, api, quizResponseId: id, plan };
}

/** CPU seconds (user + system) a process has used so far, from /proc: 0 where there is none. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** For a bench outside Vitest: an empty database of its own on the server of `adminUrl`, and how to drop it. */
export async function createEmptyDatabaseAt(adminUrl: string) {
  const name = `unscroll_c_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`).finally(() => again.end());
    },
  };
}

/** One kind of request of a steady load, and the status it must answer. */
export type LoadRequest = { label: string; path: string; cookie?: string; expect: number };
type LoadReport = {
  sent: number;
  /** Answers with the expected status, per label. */
  ok: Record<string, number>;
  /** Every answer that was not the expected one (status 0: no answer at all, with the error). */
  failures: Array<{ label: string; status: number; error?: string; at: number }>;
  /** Which instance answered (the proxy's X-Unscroll-Instance header), counted. */
  byInstance: Record<string, number>;
};

/**
 * Sends `perSecond` requests a second, round the `mix`, through `send` (the proxy's client, with a kept-alive agent as
 * a browser has) without waiting for earlier answers, until `stop` is called; `stop` resolves once every request sent
 * has been answered or has failed.
 */
export function steadyLoad(
  send: ReturnType<typeof realClient>["send"],
  mix: readonly LoadRequest[],
  perSecond: number,
  options: { agent?: import("node:http").Agent; from?: string } = {},
) {
  const report: LoadReport = { sent: 0, ok: {}, failures: [], byInstance: {} };
  const pending = new Set<Promise<void>>();
  const started = Date.now();
  const one = (request: LoadRequest) => {
    const headers: Record<string, string> = request.cookie ? { cookie: request.cookie } : {};
    const done: Promise<void> = send(request.path, { headers, agent: options.agent, from: options.from })
      .then((answer) => {
        const instance = String(answer.headers["x-unscroll-instance"] ?? "none");
        report.byInstance[instance] = (report.byInstance[instance] ?? 0) + 1;
        if (answer.status === request.expect) report.ok[request.label] = (report.ok[request.label] ?? 0) + 1;
        else report.failures.push({ label: request.label, status: answer.status, at: Date.now() - started });
      })
      .catch((error: unknown) => {
        report.failures.push({ label: request.label, status: 0, error: String(error), at: Date.now() - started });
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const timer = setInterval(() => {
    const request = mix[report.sent % mix.length];
    if (!request) return;
    report.sent += 1;
    one(request);
  }, 1000 / perSecond);
  return {
    report,
    async stop() {
      clearInterval(timer);
      while (pending.size > 0) await Promise.all([...pending]);
      return report;
    },
  };
}
