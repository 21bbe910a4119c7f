import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { reminderDeliveries } from "#server/db/schema.ts";
import { startMailOutbox } from "#server/outbox-kinds.ts";
import { addDays } from "#shared/time.ts";
import { buildDueMen } from "#tests/support/builders/due-men.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { Outbox } from "./queue.ts";

/**
 * The queue's workers send with the clock they run on, which pg-boss and PostgreSQL's now() share: these tests keep
 * the real clock (a faked Date would disagree with a PostgreSQL server) and hold on any day of the week; npm run
 * test:dates runs them with the whole process's clock set to awkward moments (issue 24 #2, decision 0100).
 */
describe("the outbox queue (pg-boss on the app's database)", () => {
  let t: TestApp;
  let second: Database | undefined;
  const queues: Outbox[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await second?.close();
    await t.close();
  });

  /** One server instance's queue; on PostgreSQL the second one has its own connection pool, as on another machine. */
  async function instance(
    database: Database,
    options: { tickRows?: number; clock?: () => Date } = {},
    logger = t.deps.logger,
  ) {
    const queue = await startMailOutbox(
      { db: database.db, database, mailer: t.deps.mailer, env: t.deps.env, logger },
      // A schedule that never fires during the test: the test plans at moments of its own choosing.
      { cron: "0 0 1 1 *", pollingIntervalSeconds: 0.5, ...options },
    );
    queues.push(queue);
    return queue;
  }

  it("sends a reminder once when two instances plan the same moment, and again never after a restart, on any weekday (issue 24 #2)", async () => {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const due = addDays(new Date().toISOString().slice(0, 10), 4);
    await user.api.milestones.$patch({
      json: { milestones: [{ id: challenge.milestones[0]!.id, milestoneDeadline: due }] },
    });
    await user.api.reminders.settings.$patch({ json: { timeZone: "Europe/Lisbon" } });

    if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 3 });
    const [a, b] = [await instance(t.deps.database), await instance(second ?? t.deps.database)];
    // Noon in Lisbon the day before it is due (Lisbon is UTC+0 in winter, UTC+1 in summer: noon either way is daytime).
    const dayBefore = new Date(`${addDays(due, -1)}T12:00:00Z`);
    const claimed = await Promise.all([a.planNow(dayBefore), b.planNow(dayBefore), a.planNow(dayBefore)]);
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);

    const mail = await t.smtp.waitFor(user.email, { subject: /^Due tomorrow/, timeoutMs: 30_000 });
    expect(mail.subject).toBe(`Due tomorrow: ${challenge.title}`);

    // A restarted instance plans the same moment again: the delivery row says it went out.
    await a.stop();
    const restarted = await instance(t.deps.database);
    expect(await restarted.planNow(dayBefore)).toBe(0);
    // Stopping waits for the workers: anything still queued for him would have been sent by now.
    for (const queue of queues) await queue.stop();
    queues.length = 0;
    const his = t.smtp.mails.filter((m) => m.to.includes(user.email.toLowerCase()) && m.subject.startsWith("Due"));
    expect(his).toHaveLength(1);
    // When the day before is a Monday, his weekly summary is claimed too: it is not the reminder this test follows.
    const rows = await t.db
      .select()
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.kind, "due_tomorrow")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it("goes on at once, through the queue both instances poll, from where a tick stopped at its budget (decision 0176)", async () => {
    // Three men in Lisbon with a deadline due tomorrow at the planned moment, Tuesday 8 January 2030, noon.
    await buildDueMen(t.db, { prefix: "q176", count: 3, zone: "Europe/Lisbon", deadline: "2030-01-09T23:59:59Z" });

    const options = { tickRows: 1, clock: () => new Date("2030-01-08T12:00:00Z") };
    const logs = [captureLog("info"), captureLog("info")];
    if (t.databaseUrl) second ??= await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 3 });
    const a = await instance(t.deps.database, options, logs[0]!.logger);
    await instance(second ?? t.deps.database, options, logs[1]!.logger);
    // One tick, as the schedule would queue it; the rest are queued by the ticks themselves.
    await a.boss.send("reminders-plan", {});

    type Planned = { time: number; claimed: Record<string, number>; resume: string | null };
    const planned = () =>
      logs
        .flatMap((log) => log.text().split("\n"))
        .filter((line) => line.includes('"reminders planned"'))
        .map((line) => JSON.parse(line) as Planned)
        .sort((x, y) => x.time - y.time);
    const claimed = () => planned().reduce((sum, line) => sum + (line.claimed.reminders ?? 0), 0);
    for (const started = Date.now(); claimed() < 3 && Date.now() - started < 30_000; )
      await new Promise((resolve) => setTimeout(resolve, 100));

    // One man a tick: each tick claimed one and named where the next goes on, without waiting for the schedule.
    expect(planned().map((line) => [line.claimed.reminders, line.resume])).toEqual([
      [1, "reminders"],
      [1, "reminders"],
      // The last read all that was left; the claims after it had no budget this tick, and are the next tick's
      // (decision 0191).
      [1, "weekly summaries"],
    ]);
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from reminder_deliveries where user_id like 'q176-%' and kind = 'due_tomorrow'`,
    );
    expect(Number(rows.rows[0]?.n)).toBeLessThanOrEqual(3);
  });
});
