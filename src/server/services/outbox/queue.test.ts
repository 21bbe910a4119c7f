import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { reminderDeliveries } from "#server/db/schema.ts";
import { startMailOutbox } from "#server/outbox-kinds.ts";
import { addDays } from "#shared/time.ts";
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
  async function instance(database: Database) {
    const queue = await startMailOutbox(
      { db: database.db, database, mailer: t.deps.mailer, env: t.deps.env, logger: t.deps.logger },
      // A schedule that never fires during the test: the test plans at moments of its own choosing.
      { cron: "0 0 1 1 *", pollingIntervalSeconds: 0.5 },
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
});
