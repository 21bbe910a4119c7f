import type { LocalTime } from "../time.ts";

/**
 * The evening, where the scrolling happens (issue 55, decision 0161): the phone-down nudge at the time he picked, and
 * the weekly nudge to check in his screen time. Both are off the daytime reminders' hours on purpose.
 */

/** A phone-down nudge a tick missed still goes out this many minutes after his time, never later (no 3 a.m. pings). */
export const PHONE_DOWN_LATE_MINUTES = 120;

/** The weekly check-in nudge: Sunday evening on his clock, 18:00 until 22:00 (the daytime reminders' last hour). */
export const CHECK_IN_NUDGE = { weekday: 7, fromHour: 18, untilHour: 22 } as const;

/** No check-in in this many last days (today included) is what earns the weekly nudge. */
export const CHECK_IN_NUDGE_DAYS = 7;

/** An e-mail's "Phone down" link answers for its evening until this many hours after it was sent. */
export const PHONE_DOWN_LINK_HOURS = 36;

/** The phone-down time offered when his quiz answer names no evening hour. */
export const DEFAULT_PHONE_DOWN_AT = "22:30";

export const eveningMessages = {
  dayInvalid: "day must be a date such as 2026-11-29.",
  notTonight: "You can only answer for tonight or last night.",
  linkInvalid: "This link is not valid. Your next evening reminder brings a new one.",
  linkExpired: "This link has expired. Tonight's reminder brings a new one.",
  loadFailed: "Could not load your evening reminder. Please try again.",
  answerFailed: "Could not save your answer. Please try again.",
} as const;

/** "22:45" as minutes since midnight. */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Minutes since midnight as "HH:MM" (wrapping around the day). */
export function timeOfMinutes(minutes: number): string {
  const day = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, "0")}:${String(day % 60).padStart(2, "0")}`;
}

/** Whether the weekly check-in nudge may go out at this moment on his clock. */
export function checkInNudgeHour(local: LocalTime): boolean {
  return (
    local.weekday === CHECK_IN_NUDGE.weekday &&
    local.hour >= CHECK_IN_NUDGE.fromHour &&
    local.hour < CHECK_IN_NUDGE.untilHour
  );
}

export type PhoneDownSuggestion = {
  /** "HH:MM" on his clock. */
  at: string;
  /** The words of his answer the time was read from, or null for the plain default. */
  because: string | null;
};

/** A time as written: "11pm", "23:00", "11.30 pm", "midnight", or a bare hour after "till", "until", "after", "at"… */
const TIME_IN_TEXT =
  /\b(midnight)\b|\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?m\b\.?|\b(\d{1,2})[:.](\d{2})\b|\b(?:till|til|until|to|after|past|around|at|by|from)\s+(\d{1,2})\b(?!\s*(?:min|hour|hrs?\b|h\b|%|[:.]\d|[ap]\.?m\b))/gi;

/** Evening order: 18:00 is 1080 and 01:00 the next night is 1500, so "later" compares as he lives the night. */
function eveningMinutes(hour: number, minute: number): number | null {
  if (hour > 24 || minute > 59) return null;
  const total = (hour % 24) * 60 + minute;
  return total < 5 * 60 ? total + 1440 : total;
}

/** The minutes a match names on the evening scale, or null for a time that is no evening's (08:00, 3 pm). */
function readMatch(match: RegExpExecArray): number | null {
  const [, midnight, hour12, minute12, meridiem, hour24, minute24, bareHour] = match;
  if (midnight) return 1440;
  if (hour12 !== undefined && meridiem) {
    const hour = Number(hour12);
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase() === "p";
    return eveningMinutes((hour % 12) + (pm ? 12 : 0), Number(minute12 ?? 0));
  }
  if (hour24 !== undefined) return eveningMinutes(Number(hour24), Number(minute24));
  if (bareHour !== undefined) {
    // "till 1", "after 11": an evening about the phone means 1 at night and 11 in the evening.
    const hour = Number(bareHour);
    if (hour === 0 || hour > 12) return hour <= 24 ? eveningMinutes(hour, 0) : null;
    return eveningMinutes(hour <= 4 ? hour : hour === 12 ? 24 : hour + 12, 0);
  }
  return null;
}

/** The night's window a suggestion stays in: not before 20:00, not after 23:30. */
const EARLIEST = 20 * 60;
const LATEST = 23 * 60 + 30;

/**
 * A phone-down time from what he wrote about his evenings (the quiz's first answer): the earliest night-time hour he
 * names (20:00 to 04:59: "after 11pm", "till 1am", "until midnight"), less half an hour, on a quarter hour, kept
 * between 20:00 and 23:30. The earliest, because the hour the scrolling starts is the one to get ahead of. Nothing
 * read: the plain 22:30.
 */
export function suggestPhoneDownTime(answer: string | null | undefined): PhoneDownSuggestion {
  let earliest: { minutes: number; words: string } | null = null;
  const text = (answer ?? "").slice(0, 2000);
  for (const match of text.matchAll(TIME_IN_TEXT)) {
    const minutes = readMatch(match);
    if (minutes === null || minutes < EARLIEST) continue;
    // His words with the one before them when it tells the hour's role: "till 1am", not "1am".
    const lead =
      /\b(?:till|til|until|to|after|past|around|at|by|from)\s+$/i.exec(text.slice(0, match.index))?.[0] ?? "";
    if (!earliest || minutes < earliest.minutes) earliest = { minutes, words: `${lead}${match[0].trim()}` };
  }
  if (!earliest) return { at: DEFAULT_PHONE_DOWN_AT, because: null };
  const before = Math.floor((earliest.minutes - 30) / 15) * 15;
  return { at: timeOfMinutes(Math.min(LATEST, Math.max(EARLIEST, before))), because: earliest.words };
}
