import { addDays } from "../time.ts";
import { CHECK_IN_EVERY_DAYS, RECENT_DAYS } from "./rules.ts";

export type CheckedInDay = { day: string; minutes: number };

/** The one honest number: what his check-ins say against his starting point, and whether it is time for another. */
export type ScreenTimeSummary = {
  /** His earliest check-in. */
  startingPoint: CheckedInDay | null;
  /** The latest one. */
  latest: CheckedInDay | null;
  /**
   * His starting point minus the average of his check-ins of the last RECENT_DAYS days (the starting point's own day
   * left out), in minutes a day: negative when his phone takes more than at the start. Null until such a check-in.
   */
  takenBack: { minutesPerDay: number; basedOn: number } | null;
  /** No check-in in the last CHECK_IN_EVERY_DAYS days (today included). */
  checkInDue: boolean;
};

/** Pure: `days` are his check-ins (any order), `startingPoint` his earliest, `today` his date. */
export function summarize(
  startingPoint: CheckedInDay | null,
  days: readonly CheckedInDay[],
  today: string,
): ScreenTimeSummary {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const last = sorted.at(-1) ?? startingPoint;
  const latest = last ? { day: last.day, minutes: last.minutes } : null;
  const recentFrom = addDays(today, 1 - RECENT_DAYS);
  const recent = startingPoint
    ? sorted.filter((d) => d.day > startingPoint.day && d.day >= recentFrom && d.day <= today)
    : [];
  const average = recent.reduce((sum, d) => sum + d.minutes, 0) / (recent.length || 1);
  return {
    startingPoint,
    latest,
    takenBack:
      startingPoint && recent.length > 0
        ? { minutesPerDay: Math.round(startingPoint.minutes - average), basedOn: recent.length }
        : null,
    checkInDue: !latest || latest.day < addDays(today, 1 - CHECK_IN_EVERY_DAYS),
  };
}
