import { format, isValid, parse } from "date-fns";

/**
 * The calendar day of a date-only value ('YYYY-MM-DD') or of an ISO date-time's date part, at local midnight.
 * Deadlines are stored as the chosen day at 23:59:59Z: their date part is the day the user picked, so it is read
 * from that part and never shifted by the viewer's time zone.
 */
export function parseCalendarDay(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = parse(value.slice(0, 10), "yyyy-MM-dd", new Date());
  return isValid(day) ? day : null;
}

/** 'Sat, Mar 1, 2031'. */
export function formatDeadline(deadline: string) {
  const day = parseCalendarDay(deadline);
  return day ? format(day, "EEE, MMM d, yyyy") : deadline;
}
