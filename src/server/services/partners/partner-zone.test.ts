import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { claimDuePartnerSummaries } from "./partner-notifications.ts";

/**
 * A partner's copy of his man's time zone (decision 0183): the database keeps it on every partner inserted and every
 * change of his zone, whatever writes them, and the Monday summary finds a partner through it, only in the zone where
 * it is Monday morning. Fixed clock: Monday 7 January 2030 (ISO week 2030-W02).
 */
const MONDAY_0805_TOKYO = new Date("2030-01-06T23:05:00Z");
const MONDAY_0805_UTC = new Date("2030-01-07T08:05:00Z");
const MONDAY_0805_NEW_YORK = new Date("2030-01-07T13:05:00Z");

describe("a partner follows his man's time zone (decision 0183)", () => {
  let t: TestApp;
  const zones = async () =>
    (
      await t.db.execute<{ first_name: string; time_zone: string | null }>(
        sql`select first_name, time_zone from partners where user_id = 'pz-1' order by first_name`,
      )
    ).rows.map((row) => `${row.first_name} ${row.time_zone}`);

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`insert into users (id, name, email, email_verified, first_name)
      values ('pz-1', 'A', 'pz-1@example.test', true, 'A')`);
    await t.db.execute(sql`insert into quiz_responses (user_id, user_email, answers, status, completed_at)
      values ('pz-1', 'pz-1@example.test', '[]'::jsonb, 'analyzed', '2030-01-01T09:00:00Z')`);
    await t.db.execute(sql`insert into challenges (user_id, quiz_response_id, title, description, challenge_accepted)
      select user_id, id, 'Run 5 km', 'Run three times a week', true from quiz_responses where user_id = 'pz-1'`);
  });
  afterAll(async () => {
    await t.close();
  });

  it("takes his zone when invited, follows it when it first becomes known and when it moves", async () => {
    // Invited before his browser sent a zone: none known, so UTC.
    await t.db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at)
      values ('pz-1', 'Sam', 'sam-pz@example.test', 'pz-hash-1', '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')`);
    expect(await zones()).toEqual(["Sam null"]);

    await t.db.execute(sql`update reminder_settings set time_zone = 'Asia/Tokyo' where user_id = 'pz-1'`);
    expect(await zones()).toEqual(["Sam Asia/Tokyo"]);

    // A week marker written on his settings does not touch his partners; a new zone does.
    await t.db.execute(sql`update reminder_settings set weekly_summary_week = '2030-W01' where user_id = 'pz-1'`);
    await t.db.execute(sql`update reminder_settings set time_zone = 'America/New_York' where user_id = 'pz-1'`);
    expect(await zones()).toEqual(["Sam America/New_York"]);

    await t.db.execute(sql`insert into partners (user_id, first_name, email, token_hash, invited_at, accepted_at)
      values ('pz-1', 'Kim', 'kim-pz@example.test', 'pz-hash-2', '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')`);
    expect(await zones()).toEqual(["Kim America/New_York", "Sam America/New_York"]);
  });

  it("sends the partners' Monday summary on his clock where he lives now, not where he was", async () => {
    expect(await claimDuePartnerSummaries(t.db, MONDAY_0805_TOKYO)).toEqual([]);
    // Monday morning in UTC, the zone of a man nobody knows: still Monday night in New York.
    expect(await claimDuePartnerSummaries(t.db, MONDAY_0805_UTC)).toEqual([]);
    expect(await claimDuePartnerSummaries(t.db, MONDAY_0805_NEW_YORK)).toHaveLength(2);
    expect(await claimDuePartnerSummaries(t.db, new Date(MONDAY_0805_NEW_YORK.getTime() + 5 * 60_000))).toEqual([]);
  });
});
