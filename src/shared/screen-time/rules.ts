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
