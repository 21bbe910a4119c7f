import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { claimDueCheckIns } from "../evening/claims.ts";
import { claimDuePartnerEmails } from "../partners/partner-notifications.ts";
import { claimDueReminders } from "../reminders/planner.ts";

/**
 * The weekly claims read men through a week marker (decision 0168): a man is marked once his summary (or check-in
 * nudge, or his partner's summary) is claimed, and later ticks of that Monday skip him in the index. The marker is
 * only a shortcut: a man not yet reachable stays unmarked and is claimed at the tick after he becomes reachable, a
 * man with no settings row (UTC) is claimed too, and two instances at the same moment claim once. Fixed clock:
 * Monday 7 January 2030 (ISO week 2030-W02) in UTC, and Sunday 6 January 2030 at 18:30 UTC for the check-in nudge.
 */
const MONDAY = new Date("2030-01-07T09:00:00Z");
const LATER = new Date("2030-01-07T09:05:00Z");
const SUNDAY_EVENING = new Date("2030-01-06T18:30:00Z");

describe("weekly claims skip men already done this week (decision 0168)", () => {
  let t: TestApp;
  const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n);
  const marker = async (id: string) =>
    (
      await t.db.execute<{ weekly_summary_week: string | null; check_in_week: string | null }>(
        sql`select weekly_summary_week, check_in_week from reminder_settings where user_id = ${id}`,
      )
    ).rows[0];

  beforeAll(async () => {
    t = await createTestApp();
    // wm-1 in UTC with a settings row, wm-2 with none (UTC until known), wm-3 not yet confirmed, wm-4 summary off.
    await t.db.execute(sql`insert into users (id, name, email, email_verified, first_name) values
      ('wm-1', 'A', 'wm-1@example.test', true, 'A'), ('wm-2', 'B', 'wm-2@example.test', true, 'B'),
      ('wm-3', 'C', 'wm-3@example.test', false, 'C'), ('wm-4', 'D', 'wm-4@example.test', true, 'D')`);
    await t.db.execute(sql`insert into reminder_settings (user_id, time_zone, weekly_summary) values
      ('wm-1', 'UTC', true), ('wm-3', null, true), ('wm-4', 'UTC', false)`);
    await t.db.execute(sql`insert into quiz_responses (user_id, user_email, answers, status, completed_at)
      select id, email, '[]'::jsonb, 'analyzed', '2030-01-01T09:00:00Z' from users where id like 'wm-%'`);
    await t.db.execute(sql`insert into challenges (user_id, quiz_response_id, title, description, challenge_accepted)
      select user_id, id, 'Run 5 km', 'Run three times a week', true from quiz_responses where user_id like 'wm-%'`);
    await t.db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at)
      values ('wm-1', 'Sam', 'sam-wm@example.test', 'wm-hash', '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')`);
  });
  afterAll(async () => {
    await t.close();
  });

  it("claims each reachable man's summary once, marks him, and claims a man who becomes reachable later", async () => {
    const [a, b] = await Promise.all([claimDueReminders(t.db, MONDAY), claimDueReminders(t.db, MONDAY)]);
    expect(a.length + b.length).toBe(2);
    const summaries = sql`select count(*)::int as n from reminder_deliveries where kind = 'weekly_summary'`;
    expect(await count(summaries)).toBe(2);
    expect((await marker("wm-1"))?.weekly_summary_week).toBe("2030-W02");
    expect((await marker("wm-3"))?.weekly_summary_week).toBeNull();
    expect((await marker("wm-4"))?.weekly_summary_week).toBeNull();
    expect(await claimDueReminders(t.db, LATER)).toEqual([]);

    // He confirms his address later that Monday: unmarked, so the next tick finds him.
    await t.db.execute(sql`update users set email_verified = true where id = 'wm-3'`);
    expect(await claimDueReminders(t.db, LATER)).toHaveLength(1);
    expect((await marker("wm-3"))?.weekly_summary_week).toBe("2030-W02");
    expect(await count(summaries)).toBe(3);
    expect(await claimDueReminders(t.db, LATER)).toEqual([]);
  });

  it("claims his partner's summary once and marks the partner", async () => {
    const [a, b] = await Promise.all([claimDuePartnerEmails(t.db, MONDAY), claimDuePartnerEmails(t.db, MONDAY)]);
    expect(a.length + b.length).toBe(1);
    expect(await claimDuePartnerEmails(t.db, LATER)).toEqual([]);
    const week = await t.db.execute<{ w: string }>(sql`select weekly_summary_week as w from partners`);
    expect(week.rows[0]?.w).toBe("2030-W02");
  });

  it("claims the Sunday check-in nudge once per week and marks the men with a settings row", async () => {
    await t.db.execute(sql`insert into screen_time_days (user_id, day, minutes, period, source)
      values ('wm-4', '2030-01-05', 120, 'day', 'typed')`);
    const [a, b] = await Promise.all([claimDueCheckIns(t.db, SUNDAY_EVENING), claimDueCheckIns(t.db, SUNDAY_EVENING)]);
    // wm-1, wm-2 (no settings row) and wm-3; wm-4 checked in on Saturday.
    expect(a.length + b.length).toBe(3);
    expect((await marker("wm-1"))?.check_in_week).toBe("2030-W01");
    expect((await marker("wm-4"))?.check_in_week).toBeNull();
    expect(await claimDueCheckIns(t.db, new Date(SUNDAY_EVENING.getTime() + 5 * 60_000))).toEqual([]);
  });
});
