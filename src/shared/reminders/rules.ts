/**
 * The reminder e-mails (issue 14, decision 0094): which kinds exist, which list each belongs to for unsubscribing,
 * and the local-time arithmetic that decides when one is due. Pure, so a fake clock can drive all of it.
 */

/** One delivery row per kind and subject. */
export const reminderKinds = ["due_tomorrow", "overdue", "weekly_summary"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** What a user can switch off, in settings or with one click in an e-mail. */
export const reminderLists = ["deadlines", "weekly"] as const;
export type ReminderList = (typeof reminderLists)[number];

export const listOfKind: Record<ReminderKind, ReminderList> = {
  due_tomorrow: "deadlines",
  overdue: "deadlines",
  weekly_summary: "weekly",
};

/** Reminders go out from 08:00 local time, and never after 22:00: nobody wants a deadline e-mail at night. */
export const REMINDER_HOURS = { from: 8, until: 22 } as const;

/** The time zone used until the browser has told us his. */
export const FALLBACK_TIME_ZONE = "UTC";

export function isValidTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A moment as a wall clock in one time zone: its date (YYYY-MM-DD), hour (0–23) and ISO weekday (1 = Monday). */
export type LocalTime = { date: string; hour: number; weekday: number };

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(now: Date, timeZone: string): LocalTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "") + 1,
  };
}

const MINUTE_MS = 60_000;

/**
 * The first moment of a calendar date on the clock of `timeZone`. Not always 00:00 + a fixed offset: a summer-time
 * switch changes the offset, and where the switch happens at midnight the day starts at 01:00. The date on his clock
 * only moves forward with time, so the first minute showing `date` is found by bisection, between the moments it
 * begins at UTC+14 and at UTC−12.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let before = (midnightUtc - 15 * 3_600_000) / MINUTE_MS;
  let from = (midnightUtc + 13 * 3_600_000) / MINUTE_MS;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (localTime(new Date(middle * MINUTE_MS), timeZone).date >= date) from = middle;
    else before = middle;
  }
  return new Date(from * MINUTE_MS);
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The ISO week a date falls in, e.g. 2026-W48: the subject of a weekly summary. */
export function isoWeekKey(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  // The ISO year is the year of the week's Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export function withinSendingHours(local: LocalTime): boolean {
  return local.hour >= REMINDER_HOURS.from && local.hour < REMINDER_HOURS.until;
}
