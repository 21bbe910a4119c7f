import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDueMen } from "#tests/support/builders/due-men.ts";
import { rowsReadFrom } from "#tests/support/rows-read.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { daytime, zoneClocks } from "../outbox/claims.ts";
import { claimDuePartnerNews, partnerNewsRead } from "../partners/partner-notifications.ts";
import { claimDueDeadlines, deadlineRemindersRead, markMilestones } from "./planner.ts";

/**
 * Each milestone carries his zone (decision 0188), so the deadline reminders and the partners' news read only the
 * milestones due now on a clock where it is day: a man whose night it is is not read at all, nor a deadline of a day
 * that is not due. Fixed clock: Monday 7 January 2030, 09:05 UTC: 10:05 in Berlin, 04:05 in New York, 01:05 in Los
 * Angeles. Every milestone falls due on Tuesday (due tomorrow in Berlin) or was completed this morning.
 */
const NOW = new Date("2030-01-07T09:05:00Z");
const TUESDAY = "2030-01-08T18:00:00Z";
const MONDAY_EVENING = "2030-01-07T20:00:00Z";

describe("the deadline reads follow his zone (decision 0188)", () => {
  let t: TestApp;
  const zonesOf = async (man: string) =>
    (
      await t.db.execute<{ time_zone: string | null }>(
        sql`select time_zone from milestones where user_id = ${man} order by milestone_deadline`,
      )
    ).rows.map((row) => row.time_zone);
  const reads = async () => {
    const clocks = daytime(await zoneClocks(t.db, NOW));
    return {
      deadlines: await rowsReadFrom(t.db, "milestones", deadlineRemindersRead(NOW.toISOString(), clocks)),
      news: await rowsReadFrom(t.db, "milestones", partnerNewsRead(NOW.toISOString(), clocks)),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await buildDueMen(t.db, { prefix: "zb", count: 4, zone: "Europe/Berlin", deadline: TUESDAY });
    await buildDueMen(t.db, { prefix: "zn", count: 40, zone: "America/New_York", deadline: TUESDAY });
    await buildDueMen(t.db, { prefix: "zl", count: 40, zone: "America/Los_Angeles", deadline: TUESDAY });
    // Due today in Berlin and not yet passed: neither "due tomorrow" nor overdue, so not due now.
    await buildDueMen(t.db, { prefix: "zt", count: 20, zone: "Europe/Berlin", deadline: MONDAY_EVENING });
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives every milestone his zone, and moves them all with him", async () => {
    expect(await zonesOf("zn-1")).toEqual(["America/New_York"]);
    await t.db.execute(sql`update reminder_settings set time_zone = 'Europe/Berlin' where user_id = 'zn-1'`);
    expect(await zonesOf("zn-1")).toEqual(["Europe/Berlin"]);

    // A milestone written after the move takes the zone he is in now.
    await t.db.execute(sql`insert into milestones (challenge_id, user_id, milestone_type, milestone_deadline)
      select id, user_id, 'short_term', '2030-02-01T12:00:00Z' from challenges where user_id = 'zn-1'`);
    expect(await zonesOf("zn-1")).toEqual(["Europe/Berlin", "Europe/Berlin"]);

    // His settings changing anything but the zone leaves his milestones alone.
    await t.db.execute(sql`update milestones set time_zone = 'Asia/Tokyo' where user_id = 'zn-2'`);
    await t.db.execute(sql`update reminder_settings set deadline_emails = false where user_id = 'zn-2'`);
    expect(await zonesOf("zn-2")).toEqual(["Asia/Tokyo"]);
    await t.db.execute(sql`update reminder_settings set time_zone = null where user_id = 'zn-2'`);
    expect(await zonesOf("zn-2")).toEqual([null]);
    await t.db.execute(sql`update reminder_settings set time_zone = 'America/New_York', deadline_emails = true
      where user_id = 'zn-2'`);
    expect(await zonesOf("zn-2")).toEqual(["America/New_York"]);
  });

  it("reads only the deadlines due in the zones where it is day: Berlin's, the man who moved there included", async () => {
    // Four men of Berlin and zn-1, who moved there: their Tuesday deadlines are due tomorrow. Nobody else's are read.
    expect((await reads()).deadlines).toBe(5);
    const claimed = await claimDueDeadlines(t.db, NOW);
    expect(claimed).toHaveLength(5);
    const men = await t.db.execute<{ user_id: string }>(sql`select user_id from reminder_deliveries
      where id = any(array(select json_array_elements_text(${JSON.stringify(claimed)}::json)::uuid)) order by user_id`);
    expect(men.rows.map((row) => row.user_id)).toEqual(["zb-1", "zb-2", "zb-3", "zb-4", "zn-1"]);
    // Settled, they are not read again: the tick after reads nothing at all.
    expect((await reads()).deadlines).toBe(0);
  });

  it("does not mark a deadline moved after it was read: it is read again for its new day", async () => {
    const clocks = daytime(await zoneClocks(t.db, NOW));
    const read = await t.db.execute<{ milestone_id: string; user_id: string; marker: string }>(
      deadlineRemindersRead(NOW.toISOString(), clocks),
    );
    expect(read.rows).toEqual([]);
    // zb-2 moves his Tuesday deadline to Wednesday, then back to Tuesday: each move clears what was settled.
    await t.db.execute(sql`update milestones set milestone_deadline = '2030-01-09T18:00:00Z' where user_id = 'zb-2'`);
    const marker = await t.db.execute<{ deadline_reminder: string | null; id: string }>(
      sql`select id, deadline_reminder from milestones where user_id = 'zb-2'`,
    );
    expect(marker.rows[0]?.deadline_reminder).toBeNull();
    await t.db.execute(sql`update milestones set milestone_deadline = ${TUESDAY} where user_id = 'zb-2'`);
    const again = await t.db.execute<{ milestone_id: string; marker: string }>(
      deadlineRemindersRead(NOW.toISOString(), clocks),
    );
    expect(again.rows.map((row) => row.marker)).toEqual(["due_tomorrow:2030-01-08"]);

    // Read for Tuesday, then moved to Wednesday before the tick marks it: the mark for Tuesday is not written.
    await t.db.execute(sql`update milestones set milestone_deadline = '2030-01-09T18:00:00Z' where user_id = 'zb-2'`);
    const marked = await markMilestones(t.db, "deadline_reminder")(again.rows);
    expect(marked).toBe(0);
    expect((await t.db.execute(sql`select deadline_reminder from milestones where user_id = 'zb-2'`)).rows).toEqual([
      { deadline_reminder: null },
    ]);
  });

  it("reads only the partner news of the zones where it is day", async () => {
    await t.db.execute(sql`update milestones set milestone_completed = true, completed_at = '2030-01-07T08:30:00Z'
      where user_id in ('zb-1', 'zn-3', 'zl-3')`);
    // zb-1's completion; New York's and Los Angeles' wait for their morning.
    expect((await reads()).news).toBe(1);
    await claimDuePartnerNews(t.db, NOW);
    const settled = await t.db.execute<{ user_id: string }>(
      sql`select user_id from milestones where partner_news is not null order by user_id`,
    );
    expect(settled.rows.map((row) => row.user_id)).toEqual(["zb-1"]);
    expect((await reads()).news).toBe(0);
  });
});
