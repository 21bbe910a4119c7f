import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDueMen } from "#tests/support/builders/due-men.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TickBudget } from "../outbox/claims.ts";
import { claimDueDeadlines } from "./planner.ts";

/**
 * Each deadline reminder is settled once (decision 0182): at the first tick it is due on his clock it is claimed, or
 * passed over when he cannot be sent it then, and either way the milestone is marked with its kind and due day, so
 * later ticks skip it in the deadline index. Fixed clock: Berlin, a milestone due Tuesday 8 January 2030 (the end of
 * that day in UTC); the day before from 08:00 its "due tomorrow" reminder is due, on the day after its "overdue" one.
 */
const DEADLINE = "2030-01-08T23:59:59Z";
const MONDAY_MORNING = new Date("2030-01-07T08:05:00Z");
const MONDAY_NOON = new Date("2030-01-07T11:00:00Z");
const WEDNESDAY_MORNING = new Date("2030-01-09T08:05:00Z");

describe("deadline reminders settled once per kind and due day (decision 0182)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // dm-1 and dm-2 have accepted their challenge; dm-3 has not yet.
    await buildDueMen(t.db, { prefix: "dm", count: 3, zone: "Europe/Berlin", deadline: DEADLINE });
    await t.db.execute(sql`update challenges set challenge_accepted = false where user_id = 'dm-3'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const markers = async () =>
    (
      await t.db.execute<{ user_id: string; deadline_reminder: string | null }>(
        sql`select user_id, deadline_reminder from milestones where user_id like 'dm-%' order by user_id`,
      )
    ).rows.map((row) => `${row.user_id} ${row.deadline_reminder}`);
  const claimedFor = async (ids: string[]) =>
    (
      await t.db.execute<{ user_id: string; kind: string }>(
        sql`select user_id, kind from reminder_deliveries
          where id = any(array(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)) order by user_id`,
      )
    ).rows.map((row) => `${row.user_id} ${row.kind}`);

  it("claims the due, marks the passed over, and reads neither again that day", async () => {
    const first = new TickBudget(10);
    const ids = await claimDueDeadlines(t.db, MONDAY_MORNING, { budget: first });
    expect(await claimedFor(ids)).toEqual(["dm-1 due_tomorrow", "dm-2 due_tomorrow"]);
    expect([first.left, first.decided]).toEqual([7, 1]);
    expect(await markers()).toEqual([
      "dm-1 due_tomorrow:2030-01-08",
      "dm-2 due_tomorrow:2030-01-08",
      "dm-3 due_tomorrow:2030-01-08",
    ]);

    // He accepts at noon: his "due tomorrow" was settled this morning, so the next tick reads nothing at all.
    await t.db.execute(sql`update challenges set challenge_accepted = true where user_id = 'dm-3'`);
    const later = new TickBudget(10);
    expect(await claimDueDeadlines(t.db, MONDAY_NOON, { budget: later })).toEqual([]);
    expect([later.left, later.decided]).toEqual([10, 0]);
  });

  it("reads it again for the next reminder: overdue once the deadline has passed, and for a moved deadline", async () => {
    const ids = await claimDueDeadlines(t.db, WEDNESDAY_MORNING);
    expect(await claimedFor(ids)).toEqual(["dm-1 overdue", "dm-2 overdue", "dm-3 overdue"]);
    expect(await claimDueDeadlines(t.db, new Date(WEDNESDAY_MORNING.getTime() + 5 * 60_000))).toEqual([]);

    // dm-2 moves his deadline to Thursday: on Wednesday from 08:00 his "due tomorrow" for Thursday is due.
    await t.db.execute(sql`update milestones set milestone_deadline = '2030-01-10T23:59:59Z' where user_id = 'dm-2'`);
    const moved = await claimDueDeadlines(t.db, new Date(WEDNESDAY_MORNING.getTime() + 10 * 60_000));
    expect(await claimedFor(moved)).toEqual(["dm-2 due_tomorrow"]);
    expect((await markers())[1]).toBe("dm-2 due_tomorrow:2030-01-10");
  });
});
