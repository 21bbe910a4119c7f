import type { LocalTime } from "../time.ts";

/**
 * The reminder e-mails (issue 14, decision 0094): which kinds exist, which list each belongs to for unsubscribing,
 * and the hours they may go out. The clock arithmetic they use is the app's (`time.ts`).
 */

/** One delivery row per kind and subject. */
export const reminderKinds = [
  "due_tomorrow",
  "overdue",
  "weekly_summary",
  // Issue 55: the weekly nudge to check in his screen time, and the evening's phone-down nudge (a push, or an e-mail).
  "screen_time_check_in",
  "phone_down",
] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** What a user can switch off, in settings or with one click in an e-mail. */
export const reminderLists = ["deadlines", "weekly", "check_in", "evening"] as const;
export type ReminderList = (typeof reminderLists)[number];

/**
 * What a one-click unsubscribe link can turn off: a reminder list, or the community's daily digest (issue 40,
 * decision 0137). One token and one page for all; each list's endpoint accepts only its own.
 */
export const unsubscribeLists = [...reminderLists, "community"] as const;
export type UnsubscribeList = (typeof unsubscribeLists)[number];

export const listOfKind: Record<ReminderKind, ReminderList> = {
  due_tomorrow: "deadlines",
  overdue: "deadlines",
  weekly_summary: "weekly",
  screen_time_check_in: "check_in",
  phone_down: "evening",
};

/** Reminders go out from 08:00 local time, and never after 22:00: nobody wants a deadline e-mail at night. */
export const REMINDER_HOURS = { from: 8, until: 22 } as const;

export function withinSendingHours(local: LocalTime): boolean {
  return local.hour >= REMINDER_HOURS.from && local.hour < REMINDER_HOURS.until;
}

export const reminderMessages = {
  timeZoneInvalid: "Unknown time zone",
  phoneDownTimeInvalid: "Pick a time such as 22:45.",
  nothingToChange: "Nothing to change",
  loadFailed: "Could not load your reminder settings. Please try again.",
  saveFailed: "Could not save your reminder settings. Please try again.",
  saved: "Reminder settings saved.",
  unsubscribeInvalid: "This unsubscribe link is not valid. You can turn reminders off in Settings.",
} as const;

export const listNames: Record<(typeof unsubscribeLists)[number], string> = {
  deadlines: "deadline reminders",
  weekly: "the weekly summary",
  check_in: "the weekly screen-time check-in",
  evening: "the evening phone-down reminder",
  community: "the community digest",
};
