import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { claimedIn, planUntilDone } from "#server/services/outbox/plan-tick.ts";
import { onCopy, outboxTick, takeDigestNews, WRITTEN } from "./reminder-ticks.ts";
import { stats } from "./stats.ts";

// `DATABASE_URL=postgres://… node --import tsx tests/bench/reminder-week.ts [ISO start] [days]` (issue 58: "every job
// tick succeeds at every moment of a week"): on a copy of a database you seeded (`npm run seed:scale -- --men 100000
// --at 2026-11-29`), runs the reminder job's ticks at every five minutes of `days` days (7) from `start` (the seed's
// day, 00:00 UTC), each committed as in production, and prints per day: the ticks, the rows claimed, the slowest tick
// and the ticks that failed or took a second or more. Autovacuum is off on this machine's PostgreSQL: between two
// moments a table written is vacuumed when autovacuum's default thresholds would (a fifth of its rows dead). Nothing
// is sent: the digests' news is taken as their sends take it. Figures, no assertions; about three minutes at 100,000 men.

const MOMENT_MS = 5 * 60_000;
const SLOW_MS = 1_000;

type Tick = { at: Date; ms: number; claimed: number; failed: string[]; steps: Record<string, number> };
type Day = { day: string; ticks: Tick[] };

/** The written tables autovacuum would vacuum now (its defaults: 50 rows plus a fifth of the table dead). */
async function vacuumLikeAutovacuum(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    `select relname from pg_stat_user_tables
      where relname = any($1) and n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)`,
    [WRITTEN],
  );
  const tables = rows.map((row) => row.relname);
  if (tables.length > 0) await client.query(`vacuum (analyze) ${tables.join(", ")}`);
  return tables;
}

async function week(url: string, start: Date, days: number): Promise<{ men: number; days: Day[]; vacuums: number }> {
  return onCopy(url, "week", async (copy) => {
    const client = new pg.Client({ connectionString: copy });
    await client.connect();
    try {
      const { rows: counted } = await client.query<{ men: string }>("select count(*) as men from users");
      await client.query(`vacuum (analyze) ${WRITTEN.join(", ")}`);
      const stepTimes: Record<string, number> = {};
      const tick = outboxTick(drizzle({ client, schema }) as unknown as Db, stepTimes);
      const out: Day[] = [];
      let vacuums = 0;
      for (let at = start.getTime(); at < start.getTime() + days * 86_400_000; at += MOMENT_MS) {
        const now = new Date(at);
        const day = now.toISOString().slice(0, 10);
        let today = out.at(-1);
        if (today?.day !== day) {
          today = { day, ticks: [] };
          out.push(today);
          console.error(`${day} …`);
        }
        const { ticks } = today;
        await planUntilDone(async (from) => {
          for (const name of Object.keys(stepTimes)) delete stepTimes[name];
          const started = performance.now();
          const report = await tick(now, from);
          const ms = performance.now() - started;
          ticks.push({ at: now, ms, claimed: claimedIn(report), failed: report.failed, steps: { ...stepTimes } });
          return report;
        });
        await takeDigestNews(client, now);
        vacuums += (await vacuumLikeAutovacuum(client)).length;
      }
      return { men: Number(counted[0]?.men), days: out, vacuums };
    } finally {
      await client.end();
    }
  });
}

function print(report: { men: number; days: Day[]; vacuums: number }, started: number) {
  console.log(
    `Reminder job ticks at every 5 minutes of ${report.days.length} days on ${report.men.toLocaleString("en")} men, ` +
      "each committed (issue 58)",
  );
  const all = report.days.flatMap((day) => day.ticks);
  for (const { day, ticks } of report.days) {
    const { median, p99 } = stats(ticks.map((t) => t.ms));
    const slowest = ticks.reduce((a, b) => (b.ms > a.ms ? b : a));
    const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString("en", { weekday: "short", timeZone: "UTC" });
    console.log(
      `  ${weekday} ${day}: ${ticks.length} ticks, claimed ${ticks.reduce((n, t) => n + t.claimed, 0).toLocaleString("en")}, ` +
        `median ${median} ms, p99 ${p99} ms, ` +
        `slowest ${slowest.ms.toFixed(0)} ms at ${slowest.at.toISOString().slice(11, 16)}, ` +
        `failed ${ticks.filter((t) => t.failed.length > 0).length}, ≥ 1 s ${ticks.filter((t) => t.ms >= SLOW_MS).length}`,
    );
  }
  const slowest = [...all].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log("  the five slowest ticks, ms per claim:");
  for (const t of slowest) {
    const steps = Object.entries(t.steps).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    console.log(`    ${t.at.toISOString()} ${t.ms.toFixed(0)} ms, claimed ${t.claimed}: ${steps.join(", ")}`);
  }
  const failed = all.filter((t) => t.failed.length > 0);
  console.log(
    `  ${all.length} ticks in all, ${all.reduce((n, t) => n + t.claimed, 0).toLocaleString("en")} rows claimed, ` +
      `${failed.length} failed${failed.length ? ` (${failed.map((t) => `${t.at.toISOString()} ${t.failed}`).join("; ")})` : ""}, ` +
      `${all.filter((t) => t.ms >= SLOW_MS).length} of a second or more; ${report.vacuums} vacuums; ` +
      `${((performance.now() - started) / 60_000).toFixed(1)} min`,
  );
}

const url = process.env.DATABASE_URL ?? process.env.BENCH_SCALE_DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL to a PostgreSQL database seeded with npm run seed:scale.");
const start = new Date(process.argv[2] ?? "2026-11-29T00:00:00Z");
const days = Number(process.argv[3] ?? 7);
const started = performance.now();
print(await week(url, start, days), started);
