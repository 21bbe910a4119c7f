import { format } from "date-fns";
import { parseCalendarDay } from "#client/lib/dates.ts";
import { addDays } from "#shared/time.ts";

/** "today", "yesterday", "Mon, Mar 9": a check-in's day as he would say it. */
export function dayLabel(day: string, today: string): string {
  if (day === today) return "today";
  if (day === addDays(today, -1)) return "yesterday";
  const date = parseCalendarDay(day);
  return date ? format(date, "EEE, MMM d") : day;
}
