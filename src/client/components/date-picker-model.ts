import { eachDayOfInterval, endOfMonth, format, getDay, startOfMonth } from "date-fns";

/** Calendar helpers of the 'Due Date' picker; days are local-midnight Dates. */

export const weekdayLabels = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;

/** Cells of a Sunday-first month grid: leading blanks (null), then every day of the month. */
export function monthGrid(month: Date): (Date | null)[] {
  const first = startOfMonth(month);
  return [
    ...Array.from({ length: getDay(first) }, () => null),
    ...eachDayOfInterval({ start: first, end: endOfMonth(first) }),
  ];
}

/** 'Wednesday, January 30, 2030': the day buttons' names and the readout. */
export function formatDay(day: Date) {
  return format(day, "EEEE, MMMM d, yyyy");
}
