import { tzOffset } from "@date-fns/tz/tzOffset";
import { UTCDateMini } from "@date-fns/utc/date/mini";
// One module each rather than date-fns' index: on the server (packages are not bundled) the index loads all of
// date-fns, ~18 MB of the server's memory at rest for the seven used here (issue 58, decision 0173).
import type { DateArg } from "date-fns";
import { addDays as addCalendarDays } from "date-fns/addDays";
import { formatISO } from "date-fns/formatISO";
import { getHours } from "date-fns/getHours";
import { getISODay } from "date-fns/getISODay";
import { getISOWeek } from "date-fns/getISOWeek";
import { getISOWeekYear } from "date-fns/getISOWeekYear";
import { parseISO } from "date-fns/parseISO";

/**
 * The app's one time module (issue 39): calendar days, a user's wall clock, week keys and day arithmetic, pure, so a
 * fake clock drives all of it. Two "todays" exist on purpose and both live here: a deadline is judged against the
 * latest time zone on Earth (`earliestDayAnywhere`: a day that has begun somewhere is not refused for anyone,
 * decision 0034), and what depends on his own day (re-plans, reminders, streaks) reads his clock (`todayIn`).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const FIRST_STORABLE_MS = Date.parse("0001-01-01T00:00:00.000Z");
const LAST_STORABLE_MS = Date.parse("9999-12-31T23:59:59.999Z");
/** From here on `toISOString` writes the year in four digits, as date-fns does: the fast paths below start here. */
const FAST_FIRST_MS = Date.parse("1000-01-01T00:00:00.000Z");
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A real calendar date YYYY-MM-DD of years 1000–9999 as its UTC midnight; NaN for anything else (2026-02-30). From its
 * digits, without a Date or a string made and compared: the insights read it a few hundred times an answer, and the
 * round trip through `toISOString` was a sixth of their server's time (issue 58).
 */
function plainDateMs(date: string): number {
  const parts = plainDateParts(date);
  return parts ? Date.UTC(parts.year, parts.month - 1, parts.day) : Number.NaN;
}

/** The year, month and day of a real calendar date of years 1000–9999, with its month's length; null for anything else. */
function plainDateParts(date: string): { year: number; month: number; day: number; monthDays: number } | null {
  if (!PLAIN_DATE.test(date)) return null;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const monthDays = month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
  if (year < 1000 || monthDays === undefined || day < 1 || day > monthDays) return null;
  return { year, month, day, monthDays };
}

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
export type LocalTime = { readonly date: string; readonly hour: number; readonly weekday: number };

/**
 * A date on a UTC clock: date-fns reads and moves it by its UTC fields, so the machine's own time zone, which may skip
 * a midnight or a whole day, never moves a date. The mini class from its own entry point, and `tzOffset` from its:
 * these packages do not declare themselves free of side effects, so the client bundle keeps whatever their main entry
 * loads (TZDate and UTCDate patch or build things at load; decision 0113).
 */
const onUtcClock = (value: DateArg<Date>) => new UTCDateMini(+new Date(value));

/** A calendar date as YYYY-MM-DD, read from the date's fields. */
const calendarDate = (date: Date) => formatISO(date, { representation: "date" });

const utcDay = (date: string) => parseISO(date, { in: onUtcClock });

/** The wall clock read last: `localTime` is pure, so the last answer stands for the same moment and zone. */
let lastRead: { ms: number; timeZone: string; local: Readonly<LocalTime> } | undefined;

/**
 * His wall clock: the moment moved by his zone's UTC offset at that moment (Intl's, through `tzOffset`), read on a UTC
 * clock. That is what TZDate does inside, without its class; and only read, never set: setting a wall-clock time goes
 * through the machine's zone (see startOfLocalDay). `tzOffset` 1.5 reads an offset between −01:00 and 00:00 with the
 * wrong sign (date-fns/date-fns#4279); no zone has had one since Monrovia's in 1972.
 */
export function localTime(now: Date, timeZone: string): LocalTime {
  const ms = now.getTime();
  // One answer asks for the same moment's wall clock several times (the insights: his day for the grid, the weeks and
  // the streak); each reading of the zone's offset goes through Intl (issue 58).
  if (lastRead && lastRead.ms === ms && lastRead.timeZone === timeZone) return lastRead.local;
  const local = readLocalTime(now, timeZone);
  lastRead = { ms, timeZone, local };
  return local;
}

function readLocalTime(now: Date, timeZone: string): LocalTime {
  const wallMs = now.getTime() + Math.round(tzOffset(timeZone, now) * 60) * 1000;
  // Years 1000–9999 read straight from the UTC fields (issue 58: date-fns' formatting was most of the insights
  // page's own time); any other goes through date-fns as before.
  if (wallMs >= FAST_FIRST_MS && wallMs <= LAST_STORABLE_MS) {
    const wall = new Date(wallMs);
    return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours(), weekday: wall.getUTCDay() || 7 };
  }
  const wallClock = onUtcClock(wallMs);
  return { date: calendarDate(wallClock), hour: getHours(wallClock), weekday: getISODay(wallClock) };
}

/**
 * The first moment of a calendar date on the clock of `timeZone`. Not always 00:00 + a fixed offset: a summer-time
 * switch changes the offset, where the switch happens at midnight the day starts at 01:00, and where the clocks fall
 * back at midnight it has two midnights, the first one counts. The date on his clock only moves forward with time, so
 * the first minute showing `date` is found by bisection, between the moments it begins at UTC+14 and at UTC−12.
 *
 * Kept by hand (decision 0113): date-fns' `startOfDay` on a TZDate sets the wall clock through the machine's own time
 * zone and missed these days by an hour, or by a day, depending on that zone.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // Where his zone's offset is the same two days either side, the day starts at midnight less that offset: what the
  // bisection below finds, read at once (issue 58: 3 offsets read rather than 11 wall clocks).
  const offset = tzOffset(timeZone, new Date(midnightUtc));
  if (
    !Number.isNaN(plainDateMs(date)) &&
    Number.isInteger(offset) &&
    offset === tzOffset(timeZone, new Date(midnightUtc - 2 * DAY_MS)) &&
    offset === tzOffset(timeZone, new Date(midnightUtc + 2 * DAY_MS))
  )
    return new Date(midnightUtc - offset * MINUTE_MS);
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
  const parts = plainDateParts(date);
  // Within the same month (the days of a week on the insights' grid): the day's digits, written again.
  if (parts && Number.isInteger(days) && parts.day + days >= 1 && parts.day + days <= parts.monthDays)
    return `${date.slice(0, 8)}${String(parts.day + days).padStart(2, "0")}`;
  const moved = (parts ? Date.UTC(parts.year, parts.month - 1, parts.day) : Number.NaN) + days * DAY_MS;
  if (moved >= FAST_FIRST_MS && moved <= LAST_STORABLE_MS) return new Date(moved).toISOString().slice(0, 10);
  return calendarDate(addCalendarDays(utcDay(date), days));
}

/** Whole days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The ISO week a date falls in, e.g. 2026-W48: the subject of a weekly summary. */
export function isoWeekKey(date: string): string {
  const ms = plainDateMs(date);
  if (ms >= FAST_FIRST_MS + 7 * DAY_MS && ms <= LAST_STORABLE_MS - 7 * DAY_MS) {
    // The week's Thursday decides its year (ISO 8601); its week is counted from that year's first Thursday.
    const thursday = new Date(ms + (4 - (new Date(ms).getUTCDay() || 7)) * DAY_MS);
    const year = thursday.getUTCFullYear();
    const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
    return `${year}-W${String(week).padStart(2, "0")}`;
  }
  const day = utcDay(date);
  return `${getISOWeekYear(day)}-W${String(getISOWeek(day)).padStart(2, "0")}`;
}

/**
 * A moment PostgreSQL and PGlite both store and compare: years 0001 to 9999, UTC. JavaScript's dates reach further
 * (year 0, signed six-digit years), which node-postgres and PGlite write differently and either may refuse, a 500:
 * a moment from a request is checked against this before a query gets it (issue 52 row 4). An invalid date is not.
 */
export function isStorableMoment(moment: Date): boolean {
  const ms = moment.getTime();
  return ms >= FIRST_STORABLE_MS && ms <= LAST_STORABLE_MS;
}

/** The calendar day a moment falls on in UTC (YYYY-MM-DD): the day a deadline is stored as (its 23:59:59 UTC). */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Today on his clock (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date): string {
  return localTime(now, timeZone).date;
}

/** The latest time zone in use (UTC−12): its day is the earliest calendar day anywhere at a moment. */
const LATEST_TIMEZONE_OFFSET_MS = 12 * HOUR_MS;

/** The earliest calendar day that is today somewhere on Earth: the first day a deadline may be set to. */
export function earliestDayAnywhere(now: Date): string {
  return dayOf(new Date(now.getTime() - LATEST_TIMEZONE_OFFSET_MS));
}
