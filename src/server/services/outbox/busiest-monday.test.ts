import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { outboxKinds } from "#server/outbox-kinds.ts";
import { buildDueMen } from "#tests/support/builders/due-men.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { CHUNK_ROWS, CLAIM_BATCH, TICK_MS, TICK_ROWS } from "./claims.ts";
import { claimedIn, planTick, type SendJob } from "./plan-tick.ts";

const onPostgres = inject("testDb").kind === "postgres";

/**
 * The busiest Monday moment of issue 58, on a fixed clock: Monday 7 January 2030, 07:05 UTC, 08:05 in Berlin. Every
 * man seeded is in Berlin with a milestone due on the Sunday, accepted, and a confirmed partner: his weekly summary,
 * his overdue reminder, and his partner's two e-mails are all due now. On PostgreSQL that is more than 22,000
 * reminders (the 23,252 that broke one INSERT at 100,000 men); the embedded database gets fewer, still several
 * batches of CLAIM_BATCH.
 */
const NOW = new Date("2030-01-07T07:05:00Z");
const MEN = onPostgres ? 11_500 : 1_300;
const DUE_EACH = 2;

describe("the busiest Monday moment: more due rows than one statement can carry (issue 58)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // His milestone due on the Sunday: overdue on his Monday morning.
    await buildDueMen(t.db, { prefix: "m58", count: MEN, zone: "Europe/Berlin", deadline: "2030-01-06T23:59:59Z" });
    await t.db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at)
      select id, 'Sam', 'sam-' || id || '@example.test', 'm58-hash-' || id, '2030-01-01T10:00:00Z',
        '2030-01-01T11:00:00Z' from users where id like 'm58-%'`);
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function tick(from?: string) {
    const log = captureLog("warn");
    const batches: SendJob[][] = [];
    const report = await planTick(
      outboxKinds({ ...t.deps, db: t.db }).flatMap((kind) => kind.claims),
      NOW,
      {
        logger: log.logger,
        retry: { attempts: 1, backoffMs: 0 },
        // A clock that stands still: these ticks end at their rows, whatever the machine's speed (the time's cut is
        // plan-tick.test.ts's).
        tickTime: { ms: TICK_MS, clock: () => 0 },
        enqueue: async (jobs) => {
          batches.push(jobs);
        },
      },
      from,
    );
    return { report, batches, log: log.text() };
  }

  const countOf = async (table: "reminder_deliveries" | "partner_deliveries") => {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where user_id like 'm58-%'`,
    );
    return Number(result.rows[0]?.n);
  };

  it(
    "claims each once, in ticks of at most TICK_ROWS rows and batches of at most CLAIM_BATCH, until a tick says no more is due",
    async () => {
      expect(MEN * DUE_EACH).toBeGreaterThan(onPostgres ? 22_000 : 2 * CLAIM_BATCH);
      const ticks: Awaited<ReturnType<typeof tick>>[] = [];
      do ticks.push(await tick(ticks.at(-1)?.report.resume ?? undefined));
      while (ticks.at(-1)?.report.resume && ticks.length < 100);
      const due = 2 * MEN * DUE_EACH;
      expect(ticks.map((one) => one.log).join("")).toBe("");
      expect(ticks.flatMap((one) => one.report.failed)).toEqual([]);
      // Every tick but the last stopped at its budget and asked for the next; the last claimed what was left.
      expect(ticks.map((one) => claimedIn(one.report))).toEqual([
        ...Array.from({ length: Math.ceil(due / TICK_ROWS) - 1 }, () => TICK_ROWS),
        due - TICK_ROWS * (Math.ceil(due / TICK_ROWS) - 1),
      ]);
      // Each tick after the first went on from the claim the one before it stopped in.
      expect(ticks.map((one) => Object.keys(one.report.claimed)[0])).toEqual([
        "reminders",
        ...ticks.slice(0, -1).map((one) => one.report.resume),
      ]);
      expect(ticks.at(-1)?.report.resume).toBeNull();
      const sum = (claim: string) => ticks.reduce((total, one) => total + (one.report.claimed[claim] ?? 0), 0);
      expect(sum("reminders") + sum("weekly summaries")).toBe(MEN * DUE_EACH);
      expect(sum("partner e-mails") + sum("partner summaries")).toBe(MEN * DUE_EACH);
      const batches = ticks.flatMap((one) => one.batches);
      // A claim reads a chunk at a time (decision 0191), and writes it in statements of CLAIM_BATCH at most.
      expect(Math.max(...batches.map((jobs) => jobs.length))).toBeLessThanOrEqual(Math.min(CHUNK_ROWS, CLAIM_BATCH));
      const ids = batches.flat().map((job) => ("deliveryId" in job ? job.deliveryId : JSON.stringify(job)));
      expect(ids).toHaveLength(due);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await countOf("reminder_deliveries")).toBe(MEN * DUE_EACH);
      expect(await countOf("partner_deliveries")).toBe(MEN * DUE_EACH);

      const second = await tick();
      expect(second.report).toEqual({
        claimed: {
          reminders: 0,
          "weekly summaries": 0,
          "partner e-mails": 0,
          "partner summaries": 0,
          "community digests": 0,
          "phone-down nudges": 0,
          "check-in nudges": 0,
        },
        failed: [],
        resume: null,
      });
      expect(second.batches).toEqual([]);
      expect(await countOf("reminder_deliveries")).toBe(MEN * DUE_EACH);
    },
    onPostgres ? 60_000 : 120_000,
  );
});
