import { lastMade } from "../one-per.ts";
import { challengeProgress, isOverdue, type MilestoneType, sortMilestones } from "../plan/rules.ts";
import { addDays, dayOf, FALLBACK_TIME_ZONE, isoWeekKey, localTime, startOfLocalDay, todayIn } from "../time.ts";
import { localWeekStart, STREAK_RECENT_WEEKS } from "./streak.ts";

/**
 * The figures of the insights page (issue 27, decision 0109), all dated on his clock: the activity grid, progress per
 * challenge week by week, and his deadlines kept. Pure: the moment and the time zone are arguments.
 */

/** The grid and the progress lines cover the same weeks as the streak's dots. */
export const INSIGHT_WEEKS = STREAK_RECENT_WEEKS;

/** One day of the grid: how many todos and milestones he completed on it. Days after today are `future`, not misses. */
export type ActivityDay = { date: string; count: number; today: boolean; future: boolean };
export type ActivityWeek = { monday: string; week: string; days: ActivityDay[] };

/** One week the insights draw: its Monday and ISO key, its seven days, and its last moment on his clock. */
type CalendarWeek = { monday: string; week: string; days: readonly string[]; lastMs: number };

/**
 * The INSIGHT_WEEKS weeks up to `today` on the clock of `timeZone`, oldest first, this week last: the same for every
 * answer of his day, so made once per zone and day (issue 58: made for each answer, this arithmetic was two fifths of
 * the insights' server time). A week's last moment is the last millisecond before the next Monday on his clock (a
 * week of 167 or 169 hours across a summer-time switch).
 */
// Pure, so the client's bundle, which reads this module's messages, drops it.
const calendarOf = /* @__PURE__ */ lastMade(1024, (key): readonly CalendarWeek[] => {
  const [timeZone = FALLBACK_TIME_ZONE, today = ""] = key.split("\n");
  const thisMonday = addDays(today, 1 - (new Date(`${today}T00:00:00Z`).getUTCDay() || 7));
  return Object.freeze(
    Array.from({ length: INSIGHT_WEEKS }, (_, i) => {
      const monday = addDays(thisMonday, (i - INSIGHT_WEEKS + 1) * 7);
      return Object.freeze({
        monday,
        week: isoWeekKey(monday),
        days: Object.freeze(Array.from({ length: 7 }, (_, day) => addDays(monday, day))),
        lastMs: startOfLocalDay(addDays(monday, 7), timeZone).getTime() - 1,
      });
    }),
  );
});

/**
 * Today on his clock and the weeks the insights draw. With `since` (when he signed up), none before the week he did:
 * a new user's chart starts at his first week, not as a flat line from weeks he was not here (issue 35 row 9).
 */
function calendar(now: Date, timeZone: string, since?: Date) {
  const today = todayIn(timeZone, now);
  const weeks = calendarOf(`${timeZone}\n${today}`);
  if (!since) return { today, weeks };
  const first = localWeekStart(since, timeZone);
  const kept = weeks.filter((week) => week.monday >= first);
  return { today, weeks: kept.length > 0 ? kept : weeks.slice(-1) };
}

/** The Mondays of the last INSIGHT_WEEKS weeks on his clock, oldest first, this week's last; with `since`, from his first. */
export function insightMondays(now: Date, timeZone: string, since?: Date): string[] {
  return calendar(now, timeZone, since).weeks.map((week) => week.monday);
}

/** Twelve weeks of seven days, Monday first, each day with the number of things he completed on his clock. */
export function activityGrid(completions: Iterable<Date>, now: Date, timeZone: string): ActivityWeek[] {
  const perDay = new Map<string, number>();
  for (const moment of completions) {
    const day = localTime(moment, timeZone).date;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const { today, weeks } = calendar(now, timeZone);
  return weeks.map(({ monday, week, days }) => ({
    monday,
    week,
    days: days.map((date) => {
      const future = date > today;
      return { date, count: future ? 0 : (perDay.get(date) ?? 0), today: date === today, future };
    }),
  }));
}

/** A milestone as its history is kept: when it and each of its todos were completed (null while open). */
export type MilestoneHistory = {
  milestoneType: MilestoneType;
  completedAt: Date | null;
  todos: Array<{ completedAt: Date | null }>;
};

/**
 * A challenge's progress as it stood at `at`, weighed as `challengeProgress` weighs it today: each todo counts from
 * its completion time, a milestone without todos from its own. The todos it has now stand for the ones it had then,
 * and one ticked off and opened again has lost its first time (decision 0109).
 */
export function progressAt(milestones: MilestoneHistory[], at: Date): number {
  const doneBy = (completedAt: Date | null) => completedAt !== null && completedAt.getTime() <= at.getTime();
  return challengeProgress(
    sortMilestones(milestones).map((m) => ({
      milestoneCompleted: doneBy(m.completedAt),
      todos: m.todos.map((t) => ({ todoCompleted: doneBy(t.completedAt) })),
    })),
  );
}

/**
 * The moments each week's point of the progress lines is read at: each week's last moment on his clock, and now for
 * the week under way; from the week of `since` on, as `insightMondays`.
 */
export function weekEnds(now: Date, timeZone: string, since?: Date): Date[] {
  const { weeks } = calendar(now, timeZone, since);
  return weeks.map((week, i) => (i === weeks.length - 1 ? now : new Date(week.lastMs)));
}

export type DeadlineRecord = { onTime: number; late: number; overdue: number; upcoming: number };

/**
 * His dated milestones: completed on time (on or before the deadline's day on his clock) or late, overdue now, or
 * still ahead. A date-only deadline is stored as 23:59:59 UTC of that day, which west of UTC falls in his afternoon:
 * ticking it off that evening is on time. Overdue is the dashboard's own rule (`isOverdue`), so the two agree.
 */
export function deadlineRecord(
  milestones: Array<{ milestoneDeadline: Date | null; milestoneCompleted: boolean; completedAt: Date | null }>,
  now: Date,
  timeZone: string,
): DeadlineRecord {
  const record: DeadlineRecord = { onTime: 0, late: 0, overdue: 0, upcoming: 0 };
  for (const m of milestones) {
    if (!m.milestoneDeadline) continue;
    const deadlineDay = dayOf(m.milestoneDeadline);
    if (m.milestoneCompleted && m.completedAt) {
      if (localTime(m.completedAt, timeZone).date <= deadlineDay) record.onTime++;
      else record.late++;
    } else if (
      !m.milestoneCompleted &&
      isOverdue({ milestoneDeadline: m.milestoneDeadline.toISOString(), milestoneCompleted: false }, now)
    ) {
      record.overdue++;
    } else if (!m.milestoneCompleted) {
      record.upcoming++;
    }
  }
  return record;
}

export const insightsMessages = {
  loadFailed: "Could not load your insights. Please try again.",
} as const;
