import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { outboxKinds } from "#server/outbox-kinds.ts";
import { claimDueDigests } from "#server/services/community/digest.ts";
import { claimDueCheckIns, claimDuePhoneDowns } from "#server/services/evening/claims.ts";
import type { ClaimOptions } from "#server/services/outbox/claims.ts";
import { claimedIn, planTick, planUntilDone } from "#server/services/outbox/plan-tick.ts";
import type { OutboxDeps } from "#server/services/outbox/send.ts";
import { claimDuePartnerEmails } from "#server/services/partners/partner-notifications.ts";
import { claimDueReminders } from "#server/services/reminders/planner.ts";
import { DIGEST_GRACE_MS } from "#shared/community/notifications.ts";
import { type PlanNode, rowsRead } from "#tests/support/rows-read.ts";

// `DATABASE_URL=postgres://… node --import tsx tests/bench/reminder-ticks.ts [ordinary ISO moment] [Monday ISO moment]`,
// or `BENCH_SCALE_DATABASE_URL=… npm run bench` (issue 58): times each claim of the reminder job at an ordinary tick and at the busiest Monday moment, against a
// database you seeded (`npm run seed:scale -- --men 100000 --at 2026-11-29`), and prints per claim: time, the rows its
// statements read (EXPLAIN ANALYZE: rows each scan produced or removed by a filter, times its loops), the buffers they
// touched, and the rows claimed (BENCH_STATEMENTS=1: per statement). Every measured tick runs in a transaction that is
// rolled back, so the database stays as seeded and a run can be repeated; "the tick after" a first one runs on a copy
// of the database where the first committed (needs the right to create databases). Figures, no assertions.

/** The seed's default --at is today: an ordinary afternoon today and the Monday morning after it. */
const nextMonday = (from: Date) => {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 1);
  return day;
};
const today = new Date();
const defaultOrdinary = new Date(`${today.toISOString().slice(0, 10)}T12:00:00Z`);
// 07:05 UTC on a Monday: Monday 08:05 in Central Europe, the most men on one clock (the issue's 23,252 reminders).
const defaultMonday = new Date(`${nextMonday(today).toISOString().slice(0, 10)}T07:05:00Z`);
/** The tick after a moment: what every later tick of a Monday (or a Sunday evening) reads once the first claimed. */
const TICK_MS = 5 * 60_000;

/** Each claim as the bench times it alone; the ticks below run the outbox's own steps (decision 0176). */
const claims = {
  reminders: claimDueReminders,
  "partner e-mails": claimDuePartnerEmails,
  "community digests": claimDueDigests,
  "phone-down nudges": claimDuePhoneDowns,
  "check-in nudges": claimDueCheckIns,
} as const;

type Statement = { text: string; rowsRead: number; buffers: number; ms: number };
type Explained = { statements: number; rowsRead: number; buffers: number; each: Statement[] };

/**
 * A client whose every statement is first run under EXPLAIN (ANALYZE, BUFFERS) inside a savepoint that is rolled
 * back, then for real: the claim sees the results it expects, and `explained` adds up what its statements read.
 */
function explainingClient(client: pg.Client, explained: Explained) {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const wrapped = async (config: unknown, values?: unknown) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    const params = (typeof config === "string" ? undefined : (config as { values?: unknown[] }).values) ?? values;
    // A statement may open with a comment (the partner news does): its first word is after it.
    if (/^\s*(--[^\n]*\n\s*)*(with|select|insert|update)/i.test(text)) {
      await query("savepoint explain");
      const result = await query(`explain (analyze, buffers, format json) ${text}`, params);
      await query("rollback to savepoint explain");
      const plan = (result.rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
      const read = rowsRead(plan);
      const buffers = (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
      explained.statements += 1;
      explained.rowsRead += read;
      explained.buffers += buffers;
      explained.each.push({ text, rowsRead: read, buffers, ms: plan["Actual Total Time"] ?? 0 });
    }
    return query(config, values);
  };
  return new Proxy(client, { get: (target, key) => (key === "query" ? wrapped : Reflect.get(target, key)) });
}

type TickRow = {
  moment: string;
  at: Date;
  claim: string;
  ms: number;
  statements: number;
  rowsRead: number;
  buffers: number;
  claimed: number;
  each: Statement[];
};
/**
 * The ticks the queue runs at one moment, each within its budget of due rows, until one says no more is due; `steps`:
 * each tick's milliseconds per claim of the outbox (the steps it ran).
 */
type DrainRow = { moment: string; at: Date; ms: number[]; claimed: number[]; steps: Record<string, number>[] };
export type ReminderTicksReport = { men: number; rows: TickRow[]; drains: DrainRow[] };

/**
 * The claim's own transactions (readDue's) run inside the bench's: a second BEGIN on the same connection would be
 * ignored and its COMMIT would end the bench's transaction, leaving the claims in the seeded database.
 */
function inOneTransaction(db: Db): Db {
  const same: Db = new Proxy(db, {
    get: (target, key) =>
      key === "transaction" ? (run: (tx: Db) => Promise<unknown>) => run(same) : Reflect.get(target, key),
  });
  return same;
}

/** Each claim at `now`, timed on its own, then again under EXPLAIN for what it read; each in a transaction rolled back. */
async function tick(url: string, moment: string, now: Date): Promise<TickRow[]> {
  const rows: TickRow[] = [];
  for (const [name, claim] of Object.entries(claims)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const db = inOneTransaction(drizzle({ client, schema }) as unknown as Db);
      await client.query("begin");
      const started = performance.now();
      const claimed = await claim(db, now);
      const ms = performance.now() - started;
      await client.query("rollback");

      const explained: Explained = { statements: 0, rowsRead: 0, buffers: 0, each: [] };
      const explaining = inOneTransaction(
        drizzle({ client: explainingClient(client, explained), schema }) as unknown as Db,
      );
      await client.query("begin");
      await claim(explaining, now);
      await client.query("rollback");
      rows.push({ moment, at: now, claim: name, ms, ...explained, claimed: claimed.length });
    } finally {
      await client.end();
    }
  }
  return rows;
}

/**
 * A planning tick as the outbox runs it (planTick over the outbox's own steps, in its order). Only the claims run:
 * nothing is sent, so no mailer is needed.
 */
export function outboxTick(db: Db, stepTimes: Record<string, number> = {}) {
  const steps = outboxKinds({ db, logger: createLogger("silent") } as OutboxDeps)
    .flatMap((kind) => kind.claims)
    .map((step) => ({
      ...step,
      claim: async (now: Date, options: ClaimOptions) => {
        const started = performance.now();
        try {
          return await step.claim(now, options);
        } finally {
          stepTimes[step.name] = (stepTimes[step.name] ?? 0) + performance.now() - started;
        }
      },
    }));
  const deps = { logger: console, enqueue: async () => {}, retry: { attempts: 1, backoffMs: 0 } };
  return (now: Date, from?: string) => planTick(steps, now, deps, from);
}

/**
 * The ticks as the queue runs them (planTick, one TickBudget each, decision 0176) at `now`, one after the other in a
 * transaction rolled back, until a tick says no more is due: each tick's time and rows claimed.
 */
async function drain(url: string, moment: string, now: Date): Promise<DrainRow> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stepTimes: Record<string, number> = {};
    const tick = outboxTick(inOneTransaction(drizzle({ client, schema }) as unknown as Db), stepTimes);
    const row: DrainRow = { moment, at: now, ms: [], claimed: [], steps: [] };
    await client.query("begin");
    await planUntilDone(async (from) => {
      for (const name of Object.keys(stepTimes)) delete stepTimes[name];
      const started = performance.now();
      const report = await tick(now, from);
      row.ms.push(performance.now() - started);
      row.steps.push({ ...stepTimes });
      row.claimed.push(claimedIn(report));
      return report;
    });
    await client.query("rollback");
    return row;
  } finally {
    await client.end();
  }
}

/** The tables the first tick writes (and the digests' sends): vacuumed on the copy before the tick after. */
export const WRITTEN = [
  "community_notifications",
  "reminder_settings",
  "partners",
  "milestones",
  "reminder_deliveries",
  "partner_deliveries",
  "community_members",
];

/** Runs `work` on a copy of the seeded database (`<name>_<suffix>`, dropped after), so the seeded one stays as it was. */
export async function onCopy<T>(url: string, suffix: string, work: (copy: string) => Promise<T>): Promise<T> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const copyName = `${name}_${suffix}`;
  const copy = Object.assign(new URL(url), { pathname: `/${copyName}` }).href;
  const quoted = (db: string) => `"${db.replaceAll('"', '""')}"`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).href });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoted(copyName)} with (force)`);
    await admin.query(`create database ${quoted(copyName)} template ${quoted(name)} strategy file_copy`);
    return await work(copy);
  } finally {
    await admin.query(`drop database if exists ${quoted(copyName)} with (force)`);
    await admin.end();
  }
}

/**
 * What the digests' sends do first (deliverDigest): take his pending news, so a later tick does not find it pending
 * again. Only the digests are sent here; the other claims' sends change nothing a later tick reads.
 */
export async function takeDigestNews(client: pg.Client, at: Date) {
  await client.query(
    `update community_notifications set emailed_at = $1
      where read_at is null and emailed_at is null and created_at <= $2
        and user_id in (select user_id from community_members where last_digest_at = $1)`,
    [at, new Date(at.getTime() - DIGEST_GRACE_MS)],
  );
}

/**
 * Runs `work` on a copy of the seeded database in which every tick at `first` ran and committed, as in production:
 * the tick after it then finds the markers and claims of the first committed, not as uncommitted rows of its own
 * transaction, and the digests' news taken as their sends take it. The tables written are then vacuumed, as
 * autovacuum does within a minute of a busy tick (its thresholds are a fifth of a table; this machine's PostgreSQL
 * runs with autovacuum off): until then the zone indexes' bitmap scans still visit the old versions of every row
 * marked (47k for Berlin, Paris and Tokyo: 28 ms instead of 0.2 ms).
 */
async function afterFirstTick<T>(url: string, first: Date, work: (copy: string) => Promise<T>): Promise<T> {
  return onCopy(url, "tick_after", async (copy) => {
    const client = new pg.Client({ connectionString: copy });
    await client.connect();
    try {
      const tick = outboxTick(drizzle({ client, schema }) as unknown as Db);
      await planUntilDone((from) => tick(first, from));
      await takeDigestNews(client, first);
      await client.query(`vacuum (analyze) ${WRITTEN.join(", ")}`);
    } finally {
      await client.end();
    }
    return await work(copy);
  });
}

export async function benchReminderTicks(
  url = process.env.BENCH_SCALE_DATABASE_URL,
  ordinary = defaultOrdinary,
  monday = defaultMonday,
  sundayEvening = new Date(monday.getTime() - 14 * 3_600_000),
): Promise<ReminderTicksReport> {
  if (!url) throw new Error("Set DATABASE_URL to a PostgreSQL database seeded with npm run seed:scale.");
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const { rows: counted } = await probe.query<{ men: string }>("select count(*) as men from users");
  // The rolled-back claims of earlier runs left dead rows and index entries behind (autovacuum is off on this
  // machine): an unvacuumed deadline index held 79,530 entries for the 5,722 of the window, and the runs grew slower
  // one after another. Each run starts as autovacuum would leave the seeded database.
  await probe.query(`vacuum (analyze) ${WRITTEN.join(", ")}`);
  await probe.end();
  const moments: [string, Date, Date?][] = [
    ["ordinary tick", ordinary],
    ["busiest Monday moment", monday],
    ["the Monday tick after it", new Date(monday.getTime() + TICK_MS), monday],
    ["Sunday evening, the tick after the first", sundayEvening, new Date(sundayEvening.getTime() - TICK_MS)],
  ];
  const drains: DrainRow[] = [];
  const rows: TickRow[] = [];
  for (const [moment, now, first] of moments) {
    const measure = async (on: string) => {
      drains.push(await drain(on, moment, now));
      rows.push(...(await tick(on, moment, now)));
    };
    await (first ? afterFirstTick(url, first, measure) : measure(url));
  }
  return { men: Number(counted[0]?.men), drains, rows };
}

export function printReminderTicks(report: ReminderTicksReport) {
  console.log(`Reminder job ticks (issue 58) on ${report.men.toLocaleString("en")} men, each claim rolled back`);
  let moment = "";
  for (const row of report.rows) {
    if (row.moment !== moment) {
      moment = row.moment;
      console.log(`${row.moment}: ${row.at.toISOString()}`);
    }
    console.log(
      `  ${row.claim.padEnd(18)} ${row.ms.toFixed(0).padStart(6)} ms  rows read ${String(row.rowsRead).padStart(9)}` +
        `  buffers ${String(row.buffers).padStart(7)}  statements ${String(row.statements).padStart(3)}` +
        `  claimed ${String(row.claimed).padStart(6)}`,
    );
    // BENCH_STATEMENTS=1: each statement of the claim, to see which one reads more than is due.
    if (process.env.BENCH_STATEMENTS !== "1") continue;
    for (const statement of row.each) {
      const text = statement.text.replace(/\s+/g, " ").trim().slice(0, 110);
      console.log(
        `      ${statement.ms.toFixed(0).padStart(5)} ms ${String(statement.rowsRead).padStart(8)} rows` +
          ` ${String(statement.buffers).padStart(7)} buf  ${text}`,
      );
    }
  }
  const total = (name: string) =>
    report.rows.filter((row) => row.moment === name).reduce((sum, row) => sum + row.ms, 0);
  const moments = [...new Set(report.rows.map((row) => row.moment))];
  console.log(`  whole tick: ${moments.map((name) => `${name} ${total(name).toFixed(0)} ms`).join(", ")}`);
  console.log("Ticks as the queue runs them, each within its budget of due rows (decision 0176), rolled back:");
  for (const row of report.drains) {
    const sorted = [...row.ms].sort((a, b) => a - b);
    const all = row.ms.reduce((sum, ms) => sum + ms, 0);
    console.log(
      `  ${row.moment} (${row.at.toISOString()}): ${row.ms.length} tick(s), slowest ${sorted.at(-1)?.toFixed(0)} ms, ` +
        `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, all ${all.toFixed(0)} ms; ` +
        `claimed ${row.claimed.join(" + ")}; ms ${row.ms.map((ms) => ms.toFixed(0)).join(", ")}`,
    );
    // The first tick and the slowest, claim by claim: where a slow tick's time went.
    const slowest = row.ms.indexOf(sorted.at(-1) ?? 0);
    for (const index of new Set([0, slowest])) {
      const steps = Object.entries(row.steps[index] ?? {}).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
      console.log(`    tick ${index + 1}, ms per claim: ${steps.join(", ")}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.DATABASE_URL ?? process.env.BENCH_SCALE_DATABASE_URL;
  const [ordinary, monday, evening] = [process.argv[2], process.argv[3], process.argv[4]].map((iso) =>
    iso ? new Date(iso) : undefined,
  );
  printReminderTicks(await benchReminderTicks(url, ordinary, monday, evening));
}
