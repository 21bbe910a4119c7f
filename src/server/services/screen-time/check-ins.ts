import { and, asc, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { milestones, screenTimeDays } from "#server/db/schema.ts";
import { insightMondays } from "#shared/insights/rules.ts";
import { localWeekStart } from "#shared/insights/streak.ts";
import type { CheckInRequest, ScreenTimeDay, ScreenTimeOverview } from "#shared/screen-time/contracts.ts";
import { CHECK_IN_DAYS_BACK, RECENT_DAYS } from "#shared/screen-time/rules.ts";
import { summarize } from "#shared/screen-time/summary.ts";
import { addDays, startOfLocalDay, todayIn } from "#shared/time.ts";
import { readTimeZone } from "../clock/time-zone.ts";
import { DomainError } from "../domain-error.ts";

const dayColumns = {
  day: screenTimeDays.day,
  minutes: screenTimeDays.minutes,
  period: screenTimeDays.period,
  source: screenTimeDays.source,
  topApps: screenTimeDays.topApps,
};

/**
 * Saves the check-in he confirmed for `day` on his clock. A day already checked in is replaced only when he said so
 * (`replace`), so a second device or a stale tab never overwrites one silently.
 */
export async function saveCheckIn(
  db: Db,
  userId: string,
  day: string,
  input: CheckInRequest,
  now: Date,
): Promise<ScreenTimeDay> {
  const today = todayIn(await readTimeZone(db, userId), now);
  if (day > today) throw new DomainError("screenTime.futureDay");
  if (day < addDays(today, -CHECK_IN_DAYS_BACK)) throw new DomainError("screenTime.tooOld");
  const values = {
    userId,
    day,
    minutes: input.minutes,
    period: input.period,
    source: input.source,
    topApps: input.topApps ?? [],
  };
  const insert = db.insert(screenTimeDays).values(values);
  const [row] = input.replace
    ? await insert
        .onConflictDoUpdate({
          target: [screenTimeDays.userId, screenTimeDays.day],
          set: { ...values, updatedAt: now },
        })
        .returning(dayColumns)
    : await insert.onConflictDoNothing().returning(dayColumns);
  if (!row) throw new DomainError("screenTime.dayTaken");
  return row;
}

export async function deleteCheckIn(db: Db, userId: string, day: string): Promise<void> {
  const gone = await db
    .delete(screenTimeDays)
    .where(and(eq(screenTimeDays.userId, userId), eq(screenTimeDays.day, day)))
    .returning({ day: screenTimeDays.day });
  if (gone.length === 0) throw new DomainError("screenTime.notFound");
}

/** His earliest check-in: the starting point every later one is compared with. */
async function readStartingPoint(db: Db, userId: string) {
  const [first] = await db
    .select({ day: screenTimeDays.day, minutes: screenTimeDays.minutes })
    .from(screenTimeDays)
    .where(eq(screenTimeDays.userId, userId))
    .orderBy(asc(screenTimeDays.day))
    .limit(1);
  return first ?? null;
}

/**
 * What a win card may show (issue 55): the minutes a day he took back, as a week ("took back 9 h this week"); null
 * when he has taken nothing back, or has no second check-in to tell.
 */
export async function tookBackThisWeek(db: Db, userId: string, now: Date): Promise<number | null> {
  const today = todayIn(await readTimeZone(db, userId), now);
  const [startingPoint, recent] = await Promise.all([
    readStartingPoint(db, userId),
    db
      .select({ day: screenTimeDays.day, minutes: screenTimeDays.minutes })
      .from(screenTimeDays)
      .where(and(eq(screenTimeDays.userId, userId), gte(screenTimeDays.day, addDays(today, 1 - RECENT_DAYS)))),
  ]);
  const perDay = summarize(startingPoint, recent, today).takenBack?.minutesPerDay ?? 0;
  return perDay > 0 ? perDay * 7 : null;
}

/**
 * The insights chart and the dashboard's number: his check-ins of the last INSIGHT_WEEKS weeks on his clock, each
 * week's average beside the milestones he finished that week. Reads his rows only, by his key.
 */
export async function readScreenTime(db: Db, userId: string, now: Date): Promise<ScreenTimeOverview> {
  const timeZone = await readTimeZone(db, userId);
  const today = todayIn(timeZone, now);
  const mondays = insightMondays(now, timeZone);
  const from = mondays[0] ?? today;
  const [days, startingPoint, finished] = await Promise.all([
    db
      .select(dayColumns)
      .from(screenTimeDays)
      .where(and(eq(screenTimeDays.userId, userId), gte(screenTimeDays.day, from)))
      .orderBy(desc(screenTimeDays.day)),
    readStartingPoint(db, userId),
    db
      .select({ completedAt: milestones.completedAt })
      .from(milestones)
      .where(
        and(
          eq(milestones.userId, userId),
          isNotNull(milestones.completedAt),
          gte(milestones.completedAt, startOfLocalDay(from, timeZone)),
        ),
      ),
  ]);
  const weeks = mondays.map((monday) => {
    const sunday = addDays(monday, 6);
    const inWeek = days.filter((d) => d.day >= monday && d.day <= sunday);
    const total = inWeek.reduce((sum, d) => sum + d.minutes, 0);
    return {
      monday,
      minutes: inWeek.length > 0 ? Math.round(total / inWeek.length) : null,
      checkIns: inWeek.length,
      milestones: finished.filter((m) => m.completedAt && localWeekStart(m.completedAt, timeZone) === monday).length,
    };
  });
  return { timeZone, today, summary: summarize(startingPoint, days, today), days, weeks };
}
