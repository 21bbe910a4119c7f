import { format } from "date-fns";
import { parseCalendarDay } from "#client/lib/dates.ts";
import type { WeekStatus } from "#shared/insights/streak.ts";

/** 'Thursday, Dec 3' for the text alternatives. */
export function longDay(date: string) {
  const day = parseCalendarDay(date);
  return day ? format(day, "EEEE, MMM d") : date;
}

/** How a week of the streak is read out. */
export const weekStatusWords: Record<WeekStatus, string> = {
  done: "done",
  rest: "rest week",
  missed: "missed",
  current: "this week, nothing done yet",
  before: "before your first step",
};
