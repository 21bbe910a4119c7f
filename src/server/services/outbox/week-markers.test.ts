import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxKinds } from "#server/outbox-kinds.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { claimDueCheckIns } from "../evening/claims.ts";
import { claimDuePartnerEmails } from "../partners/partner-notifications.ts";
import { claimDueReminders, claimDueSummaries } from "../reminders/planner.ts";
import { TickBudget } from "./claims.ts";
import { claimedIn, planTick, planUntilDone } from "./plan-tick.ts";

/**
 * The weekly claims read men through a week marker (decisions 0168 and 0181): a man is marked once his summary (or
 * check-in nudge, or his partner's summary) is claimed, or once the claim that found every man due passed him over
 * (not confirmed, no accepted plan, checked in lately), and later ticks of that Monday skip him in the index. A man
 * who never changed a setting has the row of defaults his sign-up made (decision 0186) and is read under UTC; two
 * instances at the same moment claim once. Fixed clock:
 * Monday 7 January 2030 (ISO week 2030-W02) in UTC, and Sunday 6 January 2030 at 18:30 UTC for the check-in nudge.
 */
const MONDAY = new Date("2030-01-07T09:00:00Z");
const LATER = new Date("2030-01-07T09:05:00Z");
const SUNDAY_EVENING = new Date("2030-01-06T18:30:00Z");

/**
 * wm-1 in UTC, wm-2 with the settings his sign-up made (UTC until known), wm-3 not yet confirmed, wm-4 summary off,
 * wm-5 a partner but no plan; all but wm-5 past onboarding with a plan accepted.
 */
async function seedMen(db: TestApp["db"]) {
  await db.execute(sql`insert into users (id, name, email, email_verified, first_name) values
    ('wm-1', 'A', 'wm-1@example.test', true, 'A'), ('wm-2', 'B', 'wm-2@example.test', true, 'B'),
    ('wm-3', 'C', 'wm-3@example.test', false, 'C'), ('wm-4', 'D', 'wm-4@example.test', true, 'D')`);
  await db.execute(sql`update reminder_settings set time_zone = 'UTC' where user_id in ('wm-1', 'wm-4')`);
  await db.execute(sql`update reminder_settings set weekly_summary = false where user_id = 'wm-4'`);
  await db.execute(sql`insert into quiz_responses (user_id, user_email, answers, status, completed_at)
    select id, email, '[]'::jsonb, 'analyzed', '2030-01-01T09:00:00Z' from users where id like 'wm-%'`);
  await db.execute(sql`insert into challenges (user_id, quiz_response_id, title, description, challenge_accepted)
    select user_id, id, 'Run 5 km', 'Run three times a week', true from quiz_responses where user_id like 'wm-%'`);
  await db.execute(sql`insert into users (id, name, email, email_verified, first_name)
    values ('wm-5', 'E', 'wm-5@example.test', true, 'E')`);
  await db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at) values
    ('wm-1', 'Sam', 'sam-wm@example.test', 'wm-hash', '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z'),
    ('wm-5', 'Kim', 'kim-wm@example.test', 'wm-hash-5', '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')`);
}

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
    await seedMen(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("claims each reachable man's summary once and decides the week of every man it read", async () => {
    const [a, b] = await Promise.all([claimDueReminders(t.db, MONDAY), claimDueReminders(t.db, MONDAY)]);
    expect(a.length + b.length).toBe(2);
    const summaries = sql`select count(*)::int as n from reminder_deliveries where kind = 'weekly_summary'`;
    expect(await count(summaries)).toBe(2);
    expect((await marker("wm-1"))?.weekly_summary_week).toBe("2030-W02");
    // His sign-up's row of defaults: only the marker written.
    expect(await marker("wm-2")).toEqual({ weekly_summary_week: "2030-W02", check_in_week: null });
    // Passed over (address not confirmed): decided for this week all the same.
    expect((await marker("wm-3"))?.weekly_summary_week).toBe("2030-W02");
    expect((await marker("wm-4"))?.weekly_summary_week).toBeNull();
    expect(await claimDueReminders(t.db, LATER)).toEqual([]);

    // He confirms his address later that Monday: his first summary is next Monday's (decision 0181).
    await t.db.execute(sql`update users set email_verified = true where id = 'wm-3'`);
    expect(await claimDueReminders(t.db, LATER)).toEqual([]);
    expect(await count(summaries)).toBe(2);
    expect(await claimDueReminders(t.db, new Date("2030-01-14T09:00:00Z"))).toHaveLength(3);
  });

  it("claims his partner's summary once and marks the partner, and the one it passed over", async () => {
    const [a, b] = await Promise.all([claimDuePartnerEmails(t.db, MONDAY), claimDuePartnerEmails(t.db, MONDAY)]);
    expect(a.length + b.length).toBe(1);
    expect(await count(sql`select count(*)::int as n from partner_deliveries where user_id = 'wm-5'`)).toBe(0);
    const weeks = await t.db.execute<{ user_id: string; w: string }>(
      sql`select user_id, weekly_summary_week as w from partners order by user_id`,
    );
    expect(weeks.rows).toEqual([
      { user_id: "wm-1", w: "2030-W02" },
      { user_id: "wm-5", w: "2030-W02" },
    ]);
    expect(await claimDuePartnerEmails(t.db, LATER)).toEqual([]);
  });

  it("claims the Sunday check-in nudge once per week and decides the week of every man it read", async () => {
    await t.db.execute(sql`insert into screen_time_days (user_id, day, minutes, period, source)
      values ('wm-4', '2030-01-05', 120, 'day', 'typed')`);
    const [a, b] = await Promise.all([claimDueCheckIns(t.db, SUNDAY_EVENING), claimDueCheckIns(t.db, SUNDAY_EVENING)]);
    // wm-1, wm-2 and wm-3; wm-4 checked in on Saturday, wm-5 has no plan: both passed over, decided all the same.
    expect(a.length + b.length).toBe(3);
    for (const id of ["wm-1", "wm-2", "wm-3", "wm-4", "wm-5"]) {
      expect((await marker(id))?.check_in_week).toBe("2030-W01");
    }
    expect(await claimDueCheckIns(t.db, new Date(SUNDAY_EVENING.getTime() + 5 * 60_000))).toEqual([]);
  });
});

describe("deciding the men a weekly claim passed over, within the tick's budget (decision 0181)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedMen(t.db);
  });
  afterAll(async () => {
    await t.close();
  });
  const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n);
  const undecided = async () =>
    (
      await t.db.execute<{ id: string }>(sql`select u.id from users u
        left join reminder_settings rs on rs.user_id = u.id
        where coalesce(rs.weekly_summary_week, '') < '2030-W02' and coalesce(rs.weekly_summary, true) order by u.id`)
    ).rows.map((row) => row.id);

  it("claims the due and decides the passed over within each tick's budget, ticks going on until all are decided", async () => {
    const summaries = sql`select count(*)::int as n from reminder_deliveries where kind = 'weekly_summary'`;
    // Four men to decide (wm-4's summary is off): wm-1 and wm-2 due, wm-3 (unconfirmed) and wm-5 (no plan) not.
    const first = new TickBudget(2);
    const claimed = (await claimDueSummaries(t.db, MONDAY, { budget: first })).length;
    expect([claimed + first.decided, first.more]).toEqual([2, true]);
    expect(await undecided()).toHaveLength(2);
    const second = new TickBudget(2);
    const more = (await claimDueSummaries(t.db, LATER, { budget: second })).length;
    expect([more + second.decided, second.more]).toEqual([2, false]);
    expect(claimed + more).toBe(2);
    expect(await count(summaries)).toBe(2);
    expect(await undecided()).toEqual([]);
    const third = new TickBudget(2);
    expect(await claimDueSummaries(t.db, LATER, { budget: third })).toEqual([]);
    expect([third.left, third.decided, third.more]).toEqual([2, 0, false]);
  });

  it("chains ticks that only decided men, as it chains ticks that claimed (decision 0176)", async () => {
    // Next Monday: the same four to decide, one row a tick. A tick that marked one passed-over man and claimed none
    // still asks for the next, so the chain ends only once everyone is decided.
    const steps = outboxKinds({ ...t.deps, db: t.db }).flatMap((kind) => kind.claims);
    const deps = { logger: console, retry: { attempts: 1, backoffMs: 0 }, enqueue: async () => {}, tickRows: 1 };
    const next = new Date("2030-01-14T09:00:00Z");
    const reports = await planUntilDone((from) => planTick(steps, next, deps, from));
    expect(reports.map(claimedIn).filter((n) => n === 0).length).toBeGreaterThanOrEqual(2);
    expect(reports.reduce((sum, report) => sum + (report.claimed["weekly summaries"] ?? 0), 0)).toBe(2);
    const all = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from reminder_settings where weekly_summary_week = '2030-W03'`,
    );
    expect(Number(all.rows[0]?.n)).toBe(4);
  });
});

describe("every man has his settings row from sign-up (decision 0186)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("makes the row of defaults with the account, which the weekly claim reads under UTC", async () => {
    const him = await t.signUpUser({ firstName: "Teo" });
    const rows = await t.db.execute(sql`select time_zone, deadline_emails, weekly_summary, screen_time_check_in,
      phone_down_at, partner_sees_screen_time, weekly_summary_week from reminder_settings where user_id = ${him.id}`);
    expect(rows.rows).toEqual([
      {
        time_zone: null,
        deadline_emails: true,
        weekly_summary: true,
        screen_time_check_in: true,
        phone_down_at: null,
        partner_sees_screen_time: false,
        weekly_summary_week: null,
      },
    ]);
    // Confirmed, without a plan yet: read on Monday morning in UTC, passed over, and decided for the week.
    expect(await claimDueSummaries(t.db, MONDAY)).toEqual([]);
    expect(
      (await t.db.execute(sql`select weekly_summary_week as w from reminder_settings where user_id = ${him.id}`)).rows,
    ).toEqual([{ w: "2030-W02" }]);
  });

  it("gives each of many men inserted in one statement his row", async () => {
    await t.db.execute(sql`insert into users (id, name, email, email_verified, first_name)
      select 'many-' || g, 'M', 'many-' || g || '@example.test', true, 'M' from generate_series(1, 50) g`);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from reminder_settings where user_id like 'many-%' and time_zone is null`,
    );
    expect(Number(count.rows[0]?.n)).toBe(50);
  });
});
