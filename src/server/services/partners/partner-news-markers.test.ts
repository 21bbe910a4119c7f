import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDueMen } from "#tests/support/builders/due-men.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TickBudget } from "../outbox/claims.ts";
import { claimDuePartnerNews } from "./partner-notifications.ts";

/**
 * Each milestone's partner news is settled once (decision 0185): at the first tick it is due on his clock it is
 * claimed for every partner due to hear it, or passed over when none is, and either way the milestone is marked, so
 * later ticks do not read it. Fixed clock: Berlin, milestones due Tuesday 8 January 2030 (the end of that day in UTC).
 */
const DEADLINE = "2030-01-08T23:59:59Z";
const COMPLETED = "2030-01-07T07:30:00Z";
const MONDAY_MORNING = new Date("2030-01-07T08:05:00Z");
const MONDAY_NOON = new Date("2030-01-07T11:00:00Z");
const WEDNESDAY_MORNING = new Date("2030-01-09T08:05:00Z");
const WEDNESDAY_NOON = new Date("2030-01-09T11:00:00Z");

describe("partner news settled once per milestone and news (decision 0185)", () => {
  let t: TestApp;
  const partner = (man: string, name: string) =>
    t.db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at)
      values (${man}, ${name}, ${`${name.toLowerCase()}-${man}@example.test`}, ${`hash-${man}-${name}`},
        '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')`);

  beforeAll(async () => {
    t = await createTestApp();
    // pn-1 has two partners, pn-2 one; pn-3 none; pn-4's challenge was never accepted. All four complete their
    // milestone on Monday morning.
    await buildDueMen(t.db, { prefix: "pn", count: 4, zone: "Europe/Berlin", deadline: DEADLINE });
    await partner("pn-1", "Sam");
    await partner("pn-1", "Kim");
    await partner("pn-2", "Lou");
    await partner("pn-4", "Max");
    await t.db.execute(sql`update challenges set challenge_accepted = false where user_id = 'pn-4'`);
    await t.db.execute(sql`update milestones set milestone_completed = true, completed_at = ${COMPLETED}::timestamptz
      where user_id like 'pn-%'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const markers = async () =>
    (
      await t.db.execute<{ user_id: string; partner_news: string | null }>(
        sql`select user_id, partner_news from milestones where user_id like 'pn-%' order by user_id`,
      )
    ).rows.map((row) => `${row.user_id} ${row.partner_news}`);
  const claimedFor = async (ids: string[]) =>
    (
      await t.db.execute<{ first_name: string; kind: string }>(
        sql`select p.first_name, d.kind from partner_deliveries d join partners p on p.id = d.partner_id
          where d.id = any(array(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid))
          order by p.first_name`,
      )
    ).rows.map((row) => `${row.first_name} ${row.kind}`);

  it("claims each completion for all its partners, marks the rest, and reads none of them again", async () => {
    const first = new TickBudget(10);
    const ids = await claimDuePartnerNews(t.db, MONDAY_MORNING, { budget: first });
    expect(await claimedFor(ids)).toEqual(["Kim completed", "Lou completed", "Sam completed"]);
    // One row per milestone, whatever the number of partners: four read, two passed over.
    expect([first.left, first.decided]).toEqual([6, 2]);
    expect(await markers()).toEqual(["pn-1 completed", "pn-2 completed", "pn-3 completed", "pn-4 completed"]);

    // He accepts pn-4's challenge at noon: its news was settled this morning, so the next tick reads nothing at all.
    await t.db.execute(sql`update challenges set challenge_accepted = true where user_id = 'pn-4'`);
    const later = new TickBudget(10);
    expect(await claimDuePartnerNews(t.db, MONDAY_NOON, { budget: later })).toEqual([]);
    expect([later.left, later.decided]).toEqual([10, 0]);
  });

  it("settles an overdue deadline once for its due day, and again when the deadline moves", async () => {
    // Reopened (the completion is forgotten) and left to pass its deadline.
    await t.db.execute(sql`update milestones set milestone_completed = false, completed_at = null
      where user_id in ('pn-1', 'pn-3')`);
    const ids = await claimDuePartnerNews(t.db, WEDNESDAY_MORNING);
    expect(await claimedFor(ids)).toEqual(["Kim overdue", "Sam overdue"]);
    expect(await markers()).toEqual([
      "pn-1 overdue:2030-01-08",
      "pn-2 completed",
      "pn-3 overdue:2030-01-08",
      "pn-4 completed",
    ]);
    const later = new TickBudget(10);
    expect(await claimDuePartnerNews(t.db, WEDNESDAY_NOON, { budget: later })).toEqual([]);
    expect([later.left, later.decided]).toEqual([10, 0]);

    // Moved to Wednesday the 9th and missed again: news of a new due day, told on Thursday.
    await t.db.execute(sql`update milestones set milestone_deadline = '2030-01-09T23:59:59Z' where user_id = 'pn-1'`);
    const moved = await claimDuePartnerNews(t.db, new Date("2030-01-10T08:05:00Z"));
    expect(await claimedFor(moved)).toEqual(["Kim overdue", "Sam overdue"]);
  });

  it("leaves news due at night on his clock unread and unsettled until his morning", async () => {
    await buildDueMen(t.db, { prefix: "pt", count: 1, zone: "Asia/Tokyo", deadline: DEADLINE });
    await partner("pt-1", "Ned");
    // Completed at 23:30 in Tokyo (14:30 UTC): night there until 23:00 UTC.
    await t.db.execute(sql`update milestones set milestone_completed = true, completed_at = '2030-01-07T14:30:00Z'
      where user_id = 'pt-1'`);
    expect(await claimDuePartnerNews(t.db, new Date("2030-01-07T14:35:00Z"))).toEqual([]);
    const night = await t.db.execute<{ partner_news: string | null }>(
      sql`select partner_news from milestones where user_id = 'pt-1'`,
    );
    expect(night.rows[0]?.partner_news).toBeNull();
    const morning = await claimDuePartnerNews(t.db, new Date("2030-01-07T23:05:00Z"));
    expect(await claimedFor(morning)).toEqual(["Ned completed"]);
  });
});
