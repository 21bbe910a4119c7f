import autocannon from "autocannon";
import {
  type Cluster,
  cpuSeconds,
  createEmptyDatabaseAt,
  haproxyPath,
  startCluster,
  userWithPlan,
} from "../support/cluster.ts";

/**
 * Issue 36: requests per second of a signed-in GET /api/dashboard from the server `npm start` runs (the bundle) on
 * PostgreSQL, straight to one instance (the baseline, measured in the same run), through HAProxy (deploy/haproxy.cfg)
 * to that one instance, and through HAProxy to two instances on the same database. With the CPU each process used
 * while loaded, in % of one core: the load generator (autocannon, in this process), the instances, HAProxy and
 * PostgreSQL (every postgres process on the machine) share the machine's cores. Alone:
 * `BENCH_DATABASE_URL=postgres://… node --import tsx tests/bench/scaling.ts`; `npm run bench` runs it when
 * BENCH_DATABASE_URL is set (BENCH_SCALING=0 leaves it out).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_SCALING_CONNECTIONS ?? 40);

type Row = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  problems: string;
  /** % of one core over the measured seconds, per process. */
  cpu: Record<string, number>;
};
export type ScalingReport = { cores: number; rows: Row[] } | { skipped: string };

/** Total CPU seconds of every PostgreSQL process on this machine (0 when the server is elsewhere). */
async function postgresCpu() {
  const { readdirSync, readFileSync } = await import("node:fs");
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuSeconds(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

async function dashboardOwner(cluster: Cluster) {
  const { cookie, api, plan } = await userWithPlan(cluster, "127.0.0.41");
  const me = (await (await api.me.$get()).json()) as { user?: { id: string } };
  // Three active challenges need premium (SPEC.md section 6), as the dashboard bench's owner has them.
  await cluster.query("update profiles set subscription_status = 'premium' where id = $1", [me.user?.id]);
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const challenge of plan.challenges) {
    await api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
  }
  await api.milestones.$patch({
    json: {
      milestones: plan.challenges.flatMap((c) => c.milestones.map((m) => ({ id: m.id, milestoneDeadline: day }))),
    },
  });
  return cookie;
}

async function measure(label: string, port: number, cookie: string, processes: Record<string, number | undefined>) {
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const pgBefore = await postgresCpu();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/dashboard`,
    connections,
    duration: seconds,
    headers: { cookie, origin: "http://localhost" },
  });
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const share = (used: number) => Math.round((used / elapsed) * 100);
  const cpu: Record<string, number> = { "load generator": share((own.user + own.system) / 1e6) };
  for (const [name, pid] of Object.entries(processes)) cpu[name] = share(cpuSeconds(pid) - (before[name] ?? 0));
  cpu.postgres = share((await postgresCpu()) - pgBefore);
  const problems = [
    result.errors && `${result.errors} errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.non2xx && `${result.non2xx} non-2xx`,
  ]
    .filter(Boolean)
    .join(", ");
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    problems,
    cpu,
  } satisfies Row;
}

export async function benchScaling(): Promise<ScalingReport> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { skipped: "BENCH_DATABASE_URL is not set: several instances need PostgreSQL" };
  if (!haproxyPath()) return { skipped: "haproxy is not installed (apt-get install -y haproxy)" };
  const { availableParallelism } = await import("node:os");
  const rows: Row[] = [];
  // The log at its default level (info: a line per API request, as in production); no reminder plans meanwhile.
  const quiet = { REMINDER_CRON: "0 0 1 1 *" };

  const one = await startCluster({ instances: 1, database: await createEmptyDatabaseAt(adminUrl), env: quiet });
  try {
    const cookie = await dashboardOwner(one);
    const app1 = one.server(0)?.child.pid;
    const proxyPid = one.proxyPid();
    // A warm-up, so that both rows meet a server whose code and statements are ready.
    await measure("warm-up", one.ports[0] ?? 0, cookie, {});
    rows.push(await measure("one instance, direct (baseline)", one.ports[0] ?? 0, cookie, { app1 }));
    rows.push(await measure("one instance behind HAProxy", one.proxyPort, cookie, { app1, haproxy: proxyPid }));
  } finally {
    await one.close();
  }

  const two = await startCluster({ instances: 2, database: await createEmptyDatabaseAt(adminUrl), env: quiet });
  try {
    const cookie = await dashboardOwner(two);
    const pids = { app1: two.server(0)?.child.pid, app2: two.server(1)?.child.pid, haproxy: two.proxyPid() };
    await measure("warm-up", two.proxyPort, cookie, {});
    rows.push(await measure("two instances behind HAProxy", two.proxyPort, cookie, pids));
  } finally {
    await two.close();
  }
  return { cores: availableParallelism(), rows };
}

export function printScaling(report: ScalingReport) {
  if ("skipped" in report) {
    console.log(`scaling (issue 36): skipped, ${report.skipped}`);
    return;
  }
  const [baseline] = report.rows;
  console.log(
    `\nPostgreSQL, GET /api/dashboard signed in (3 challenges), autocannon ${seconds} s, ${connections} connections, ${report.cores} cores`,
  );
  console.log("| setup | req/s | share of direct | p50 ms | p99 ms | problems | CPU, % of one core |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of report.rows) {
    const share = baseline ? `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)} %` : "";
    const cpu = Object.entries(row.cpu)
      .map(([name, percent]) => `${name} ${percent}`)
      .join(", ");
    console.log(
      `| ${row.label} | ${row.requestsPerSecond} | ${share} | ${row.p50} | ${row.p99} | ${row.problems} | ${cpu} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printScaling(await benchScaling());
  process.exit(0);
}
