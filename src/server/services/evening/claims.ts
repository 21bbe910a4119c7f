import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  CHECK_IN_NUDGE_DAYS,
  checkInNudgeHour,
  PHONE_DOWN_LATE_MINUTES,
  timeOfMinutes,
} from "#shared/evening/rules.ts";
import { addDays, FALLBACK_TIME_ZONE, isValidTimeZone } from "#shared/time.ts";
import {
  type ClaimOptions,
  claimInBatches,
  claimOrPassOver,
  type DueReminder,
  found,
  insertReminderClaims,
  markWeek,
  readDue,
  weeklyCandidates,
  type ZoneClock,
  zoneClocks,
} from "../outbox/claims.ts";

/**
 * The evening's claims (issue 55, decision 0161), in the planner's way (decision 0157): one statement reads only the
 * rows due now and not yet claimed, and the claims are written in bounded batches into reminder_deliveries, whose
 * unique (user, kind, subject) is what makes "once" hold across instances and restarts.
 */

/** Minutes since midnight on the clock of `zone` (a zone Intl refuses reads as UTC, as everywhere). */
function minuteOfDay(now: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/**
 * The phone-down times due now in one zone, as ranges of "HH:MM" with the evening each belongs to: the last
 * PHONE_DOWN_LATE_MINUTES up to this minute. Past midnight the range splits, and the part before midnight belongs to
 * yesterday's evening. Ranges of text, so the partial index on phone_down_at finds the men (times sort as text).
 */
function phoneDownWindows(clock: ZoneClock, now: Date) {
  const to = minuteOfDay(now, clock.zone);
  const from = to - (PHONE_DOWN_LATE_MINUTES - 1);
  if (from >= 0) return [{ zone: clock.zone, day: clock.date, from: timeOfMinutes(from), to: timeOfMinutes(to) }];
  return [
    { zone: clock.zone, day: addDays(clock.date, -1), from: timeOfMinutes(from), to: "23:59" },
    { zone: clock.zone, day: clock.date, from: "00:00", to: timeOfMinutes(to) },
  ];
}

type Due = DueReminder & { kind: "phone_down" | "screen_time_check_in" };

const asJson = (rows: object[]) => sql`${JSON.stringify(rows)}::json`;

/** The men whose phone-down time is due now on their clock, not yet claimed for that evening and not yet answered. */
function duePhoneDowns(db: Db, windows: ReturnType<typeof phoneDownWindows>, options: ClaimOptions): Promise<Due[]> {
  return readDue<Due>(
    db,
    sql`
      select rs.user_id, 'phone_down' as kind, w.day as subject_key
      from reminder_settings rs
      join json_to_recordset(${asJson(windows)}) as w(zone text, day text, "from" text, "to" text)
        on w.zone = coalesce(rs.time_zone, ${FALLBACK_TIME_ZONE})
        and rs.phone_down_at between w."from" and w."to"
      join users u on u.id = rs.user_id
      where rs.phone_down_at is not null and u.email_verified
        and not exists (select 1 from reminder_deliveries d
          where d.user_id = rs.user_id and d.kind = 'phone_down' and d.subject_key = w.day)
        and not exists (select 1 from phone_down_answers a where a.user_id = rs.user_id and a.day = w.day)
`,
    options,
  );
}

/**
 * The men in a zone where it is Sunday evening, with the check-in nudge on (the default), not yet decided this week,
 * each answered due or passed over (decision 0181). Due: past onboarding (a plan of his own), checked in on none of
 * his last CHECK_IN_NUDGE_DAYS days; once per ISO week of his clock.
 */
function dueCheckIns(db: Db, clocks: ZoneClock[], options: ClaimOptions): Promise<(Due & { due: boolean })[]> {
  const since = clocks.map(({ zone, date }) => ({ zone, since: addDays(date, 1 - CHECK_IN_NUDGE_DAYS) }));
  return readDue<Due & { due: boolean }>(
    db,
    sql`
      with ${weeklyCandidates(clocks, "check_in_week", "screen_time_check_in")}
      select c.user_id, 'screen_time_check_in' as kind, c.week as subject_key,
        ${found(sql`select true from reminder_deliveries d
          where d.user_id = c.user_id and d.kind = 'screen_time_check_in' and d.subject_key = c.week`)} = false
        and ${found(sql`select u.email_verified from users u where u.id = c.user_id`)}
        and ${found(sql`select true from quiz_responses q where q.user_id = c.user_id and q.status = 'analyzed'`)}
        and ${found(sql`select true from screen_time_days s where s.user_id = c.user_id and s.day >= z.since`)} = false
        as due
      from candidates c
      join json_to_recordset(${asJson(since)}) as z(zone text, since text) on z.zone = c.zone
`,
    options,
  );
}

/** Claims the phone-down nudges due at `now`; answers their delivery ids. */
export async function claimDuePhoneDowns(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const windows = (await zoneClocks(db, now)).flatMap((clock) => phoneDownWindows(clock, now));
  if (windows.length === 0) return [];
  return claimInBatches(await duePhoneDowns(db, windows, options), insertReminderClaims(db), options);
}

/** Claims the weekly check-in nudges due at `now` (only zones where it is Sunday evening are asked about). */
export async function claimDueCheckIns(db: Db, now: Date, options: ClaimOptions = {}): Promise<string[]> {
  const sunday = (await zoneClocks(db, now)).filter(checkInNudgeHour);
  if (sunday.length === 0) return [];
  const mark = (batch: Due[]) => markWeek(db, "check_in_week", batch);
  return claimOrPassOver(await dueCheckIns(db, sunday, options), insertReminderClaims(db), mark, options);
}
