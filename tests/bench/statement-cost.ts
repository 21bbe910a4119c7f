import { readdirSync, readFileSync } from "node:fs";
import type { Database } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { readFeed } from "#server/services/community/feed.ts";
import { keptFeed } from "#server/services/community/kept-feed.ts";
import { readDashboard } from "#server/services/dashboard/dashboard.ts";
import { readInsights } from "#server/services/insights/insights.ts";

/**
 * Issue 58: what each screen's read costs PostgreSQL itself, beside what it costs Node. A request's share of bare Node
 * counts the whole machine: the app's server and PostgreSQL share its cores, so a screen whose statement is heavy
 * for PostgreSQL answers fewer requests however little JavaScript it runs. Each read is called by ten callers at once
 * for `seconds`, in turns, three rounds, on a pool of ten; PostgreSQL's CPU is read from /proc (its processes' user
 * and system time), so it shows only when the database runs on this machine.
 */
const CALLERS = 10;
const ROUNDS = 3;
const seconds = Number(process.env.BENCH_STATEMENT_SECONDS ?? 3);

export type StatementCost = { name: string; callsPerSecond: number[]; nodeUs: number[]; postgresUs: number[] | null };

/** Clock ticks of CPU every PostgreSQL process on this machine has used, or null where none can be read. */
function postgresTicks(): number | null {
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      // Fields 14 and 15 (utime, stime) after the command's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return found ? ticks : null;
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), 100 on every kernel this runs on. */
const TICK_US = 10_000;

export async function benchStatementCost(
  database: Database,
  man: { id: string; firstName: string },
): Promise<StatementCost[]> {
  const now = new Date();
  const { db } = database;
  // As an instance keeps it (decision 0190): its shared part read again only when the feed changes.
  const kept = keptFeed({
    database,
    env: parseEnv({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SESSION_CACHE_SECONDS: "300" }),
  });
  await database.changes.ready();
  const reads: Array<[string, () => Promise<unknown>]> = [
    ["the dashboard (dashboard_read)", () => readDashboard(db, man, now)],
    ["insights (insights_read)", () => readInsights(db, man.id, now)],
    ["the feed's first page read in full (feed_first_page)", () => readFeed(db, man.id)],
    ["the feed's first page, its shared part kept (feed_first_page_his)", () => kept.firstPage(man.id)],
  ];
  const costs = reads.map(([name]) => ({ name, callsPerSecond: [], nodeUs: [], postgresUs: [] }) as StatementCost);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, read]] of reads.entries()) {
      // Warm: every connection of the pool has the statement prepared and its plan chosen.
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let n = 0; n < 20; n++) await read();
        }),
      );
      const ticksBefore = postgresTicks();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let calls = 0;
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (performance.now() - started < seconds * 1000) {
            await read();
            calls++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const ticksAfter = postgresTicks();
      const cost = costs[i]!;
      cost.callsPerSecond.push(Math.round(calls / elapsed));
      cost.nodeUs.push(Math.round((cpu.user + cpu.system) / calls));
      if (ticksBefore === null || ticksAfter === null || cost.postgresUs === null) cost.postgresUs = null;
      else cost.postgresUs.push(Math.round(((ticksAfter - ticksBefore) * TICK_US) / calls));
    }
  }
  return costs;
}

export function printStatementCost(costs: StatementCost[]) {
  console.log(
    `\nEach screen's read in-process, ${CALLERS} callers at once on a pool of ${CALLERS}, ${seconds} s a turn, ` +
      `${ROUNDS} rounds (each round's figure):`,
  );
  console.log("| read | calls/s | Node's CPU µs per call | PostgreSQL's CPU µs per call |");
  console.log("|---|---|---|---|");
  for (const cost of costs) {
    const postgres = cost.postgresUs ? cost.postgresUs.join(" / ") : "not on this machine";
    console.log(`| ${cost.name} | ${cost.callsPerSecond.join(" / ")} | ${cost.nodeUs.join(" / ")} | ${postgres} |`);
  }
}
