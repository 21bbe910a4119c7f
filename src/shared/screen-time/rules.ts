/**
 * His screen time, measured (issue 55): what a check-in holds and the limits every reader of it shares. A check-in is
 * one day on his clock: the total his phone showed for that day, or the daily average of the week it showed.
 */

/** Read from a screenshot of his phone's own screen (in the browser; the picture never leaves it), or typed. */
export const screenTimeSources = ["screenshot", "typed"] as const;
export type ScreenTimeSource = (typeof screenTimeSources)[number];

/** What the figure is: that day's total, or a week's daily average (iPhone's "Daily Average"). */
export const screenTimePeriods = ["day", "week"] as const;
export type ScreenTimePeriod = (typeof screenTimePeriods)[number];

/** A day has 24 hours: a daily figure above this is refused. */
export const MINUTES_PER_DAY = 24 * 60;

/** The apps his phone listed first, if he kept them: at most this many, each name at most APP_NAME_MAX characters. */
export const TOP_APPS_MAX = 5;
export const APP_NAME_MAX = 40;

export type TopApp = { name: string; minutes: number };

/** "22:45": the phone-down time on his clock (24-hour, minutes included). */
export const PHONE_DOWN_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A check-in may be dated this many days back (iPhone keeps about four weeks); none after today on his clock. */
export const CHECK_IN_DAYS_BACK = 35;

/** "Taken back" compares his starting point with the average of his check-ins in this many last days. */
export const RECENT_DAYS = 14;

/** The dashboard asks for a check-in when he has none in this many last days. */
export const CHECK_IN_EVERY_DAYS = 7;

export const screenTimeMessages = {
  overADay: "A day has 24 hours. Check the hours and minutes.",
  noMinutes: "Enter the hours and minutes your phone shows.",
  futureDay: "That day hasn't happened yet. Pick today or an earlier day.",
  tooOld: `Pick a day within the last ${CHECK_IN_DAYS_BACK} days.`,
  dayTaken: "You already checked in for this day. Replace it?",
  notFound: "No check-in for that day.",
  notScreenTime:
    "This doesn't look like your phone's Screen Time or Digital Wellbeing screen. Try a screenshot of that screen, or type the hours.",
  noTotal: "We couldn't find the total on this screenshot. Type the hours your phone shows.",
  readFailed: "Reading the screenshot failed. Type the hours your phone shows.",
  loadFailed: "Could not load your screen time. Please try again.",
  saveFailed: "Could not save your check-in. Please try again.",
  saved: "Check-in saved.",
} as const;
