import { format } from "date-fns";

/**
 * The calendar day of a date-only value ('YYYY-MM-DD') or of an ISO date-time's date part, at local midnight.
 * Deadlines are stored as the chosen day at 23:59:59Z: their date part is the day the user picked, so it is read
 * from that part and never shifted by the viewer's time zone.
 */
export function parseCalendarDay(value: string | null | undefined): Date | null {
  const match = value ? CALENDAR_DAY.exec(value.slice(0, 10)) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  // 2027-02-29 is no day: the Date rolls over into March.
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

/**
 * Read with a pattern rather than date-fns' `parse`, which builds its parsers anew on each call: the dashboard reads
 * every milestone's and every streak week's day while it hydrates, about 30 ms of a slow phone's main thread.
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD', the date-only form the server stores as that day 23:59:59.000Z: `parseCalendarDay` read back. */
export function toIsoDate(day: Date) {
  return format(day, "yyyy-MM-dd");
}

/** Today on the browser's clock, YYYY-MM-DD. */
export function browserToday(): string {
  return toIsoDate(new Date());
}

/** 'Sat, Mar 1, 2031'. */
export function formatDeadline(deadline: string) {
  const day = parseCalendarDay(deadline);
  return day ? format(day, "EEE, MMM d, yyyy") : deadline;
}

/** 'Dec 3': a calendar day from the server (YYYY-MM-DD, already on his clock), never shifted by the browser's zone. */
export function shortDay(date: string) {
  const day = parseCalendarDay(date);
  return day ? format(day, "MMM d") : date;
}
