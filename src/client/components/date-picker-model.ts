/** Calendar arithmetic of the 'Due Date' picker, kept pure so it reads (and tests) without a DOM. */

export type CalendarDay = { year: number; month: number; day: number };

export const weekdayLabels = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;

export function daysInMonth(year: number, month: number) {
  return new Date(year, month + 1, 0).getDate();
}

/** Cells of a Sunday-first month grid: leading blanks (null), then 1..n. */
export function monthGrid(year: number, month: number): (number | null)[] {
  const leading = new Date(year, month, 1).getDay();
  return [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1),
  ];
}

/** SPEC: the chosen day is clamped to the month's length when the month changes (31 Jan -> 28 Feb). */
export function clampDay(day: number, year: number, month: number) {
  return Math.min(day, daysInMonth(year, month));
}

export function compareDays(a: CalendarDay, b: CalendarDay) {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function todayOf(now: Date): CalendarDay {
  return { year: now.getFullYear(), month: now.getMonth(), day: now.getDate() };
}

export function shiftMonth(year: number, month: number, delta: number) {
  const date = new Date(year, month + delta, 1);
  return { year: date.getFullYear(), month: date.getMonth() };
}

/** 'YYYY-MM-DD', the date-only form the server stores as that day 23:59:59.000Z. */
export function toIsoDate({ year, month, day }: CalendarDay) {
  return `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function fromIsoDate(value: string | null | undefined): CalendarDay | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) };
}

export function formatCalendarDay(day: CalendarDay, options: Intl.DateTimeFormatOptions = { dateStyle: "full" }) {
  // Noon keeps the weekday right in every time zone.
  return new Intl.DateTimeFormat("en-US", options).format(new Date(day.year, day.month, day.day, 12));
}
