import { lastMade } from "../one-per.ts";
import { addDays, DAY_MS, isoWeekKey, localTime } from "../time.ts";

/**
 * The forgiving weekly streak (issue 27, decision 0109). Weeks are ISO weeks, Monday to Sunday on his clock; a week
 * counts when he completed at least one todo or milestone in it. One missed week in any four consecutive weeks is
 * forgiven as a rest week; two misses in a row, or a second miss within four weeks, end the streak. The week under
 * way counts once something is done in it and never breaks the streak while it lasts. Pure: the moment and the time
 * zone are arguments.
 */

/**
 * - done: something was completed that week;
 * - rest: a missed week the streak forgave;
 * - missed: a missed week that ended a streak, or one with no streak to forgive it (a rest week cannot start one);
 * - current: this week, nothing done in it yet;
 * - before: a week before the first thing he ever completed.
 */
export type WeekStatus = "done" | "rest" | "missed" | "current" | "before";

/** `monday`: the week's first day on his clock (YYYY-MM-DD); `week`: its ISO key, e.g. 2026-W53. */
export type StreakWeek = { monday: string; week: string; status: WeekStatus };

export type Streak = {
  /** Weeks of the unbroken chain up to now, rest weeks included; 0 when no streak is running. */
  weeks: number;
  /** How many of those weeks were rest weeks. */
  restWeeks: number;
  thisWeekDone: boolean;
  /** Whether a week without anything done would be forgiven now: a streak runs and no rest week in the last three. */
  restWeekAvailable: boolean;
  /** The last weeks, oldest first, this week last. */
  recent: StreakWeek[];
};

/** How many weeks `recent` holds: the insights page's twelve, of which the dashboard shows the last eight. */
export const STREAK_RECENT_WEEKS = 12;

/** Two rest weeks of one streak are at least this many weeks apart, so four weeks in a row hold at most one. */
const REST_WEEK_EVERY = 4;

/** The Monday (YYYY-MM-DD) of the ISO week a moment falls in, on the clock of `timeZone`. */
export function localWeekStart(moment: Date, timeZone: string): string {
  const { date, weekday } = localTime(moment, timeZone);
  return addDays(date, 1 - weekday);
}

/** Whole weeks since the Monday 1970-01-05: Mondays become consecutive integers, so week arithmetic is subtraction. */
function weekNumber(monday: string): number {
  return Math.round((Date.parse(`${monday}T00:00:00Z`) - Date.parse("1970-01-05T00:00:00Z")) / (7 * DAY_MS));
}

function mondayOf(week: number): string {
  return addDays("1970-01-05", week * 7);
}

/**
 * The STREAK_RECENT_WEEKS weeks up to the week numbered `current`, oldest first: the same for every answer of that
 * week, so made once (issue 58).
 */
const recentWeeks = /* @__PURE__ */ lastMade(64, (current) =>
  Array.from({ length: STREAK_RECENT_WEEKS }, (_, i) => {
    const number = Number(current) - STREAK_RECENT_WEEKS + 1 + i;
    const monday = mondayOf(number);
    return { number, monday, week: isoWeekKey(monday) };
  }),
);

/**
 * The streak from the Mondays of the weeks in which he completed something, read forward week by week as he lived
 * it: a streak once ended stays ended, whatever comes after. (Read backward from today, a later week could choose to
 * forgive another miss and bring back a streak he was already told had ended.)
 */
export function weeklyStreak(activeMondays: Iterable<string>, currentMonday: string): Streak {
  const current = weekNumber(currentMonday);
  const active = new Set<number>();
  for (const monday of activeMondays) {
    const week = weekNumber(monday);
    // A completion stamped after now (another instance's clock) counts for nothing yet.
    if (week <= current) active.add(week);
  }
  const first = Math.min(current, ...active);
  const status = new Map<number, WeekStatus>();
  let start: number | null = null;
  let lastRest = Number.NEGATIVE_INFINITY;
  let restWeeks = 0;
  for (let week = first; week <= current; week++) {
    if (active.has(week)) {
      status.set(week, "done");
      start ??= week;
    } else if (week === current) {
      status.set(week, "current");
    } else if (start !== null && week - lastRest >= REST_WEEK_EVERY) {
      status.set(week, "rest");
      lastRest = week;
      restWeeks++;
    } else {
      status.set(week, "missed");
      // The next streak starts afresh: a rest week of one that ended forgives nothing of it.
      start = null;
      lastRest = Number.NEGATIVE_INFINITY;
      restWeeks = 0;
    }
  }
  const thisWeekDone = active.has(current);
  const lastCounted = thisWeekDone ? current : current - 1;
  const recent = recentWeeks(String(current)).map(({ number, monday, week }) => ({
    monday,
    week,
    status: status.get(number) ?? "before",
  }));
  return {
    weeks: start === null ? 0 : lastCounted - start + 1,
    restWeeks: start === null ? 0 : restWeeks,
    thisWeekDone,
    restWeekAvailable: start !== null && current - lastRest >= REST_WEEK_EVERY,
    recent,
  };
}

/** The streak from the moments he completed todos and milestones, with weeks on the clock of `timeZone`. */
export function streakFromCompletions(completions: Iterable<Date>, now: Date, timeZone: string): Streak {
  const mondays = new Set<string>();
  for (const moment of completions) mondays.add(localWeekStart(moment, timeZone));
  return weeklyStreak(mondays, localWeekStart(now, timeZone));
}
