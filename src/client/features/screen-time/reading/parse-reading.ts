import { format, isValid, parseISO, startOfWeek } from "date-fns";
import { TOP_APPS_MAX, type TopApp } from "#shared/screen-time/rules.ts";
import { addDays } from "#shared/time.ts";

/**
 * What the phone's own Screen Time (iPhone) or Digital Wellbeing (Android) screen says, from the lines OCR read on a
 * screenshot of it (issue 55). Pure: the date he is on comes in as `today`, so a test fixes it.
 */

/**
 * One line as OCR read it, top to bottom. `height`, in the image's pixels when the reader knows it, is the height of the
 * line's characters (not of an icon OCR took into the line's box): it tells the big total from an app's time.
 */
export type OcrLine = { text: string; height?: number };
export type OcrLines = { lines: OcrLine[] };

export type ScreenTimeReading =
  | {
      ok: true;
      minutes: number;
      period: "day" | "week";
      day: string | null;
      topApps: TopApp[];
      platform: "ios" | "android";
    }
  | { ok: false; reason: "not-screen-time" | "no-total" };

const SCREEN_TITLE = /screen\s*time|bildschirm\s*zeit|digital\s*well\s*being|daily\s*average|tages\s*durchschnitt/i;
const DAILY_AVERAGE = /daily\s*average|tages\s*durchschnitt/i;
/**
 * Signs of each phone's screen; the one with more wins, an iPhone on a tie. German totals differ by a comma: "6 Std.,
 * 22 Min." on an iPhone, "6 Std. 22 Min." on Android. Android's day and week pages have "‹ date ›" arrows; an
 * iPhone's a "Week | Day" switch.
 */
const ANDROID_SIGNS = [
  /digital\s*well\s*being/i,
  /\bunlocks\b|entsperrungen/i,
  /\bnotifications\b|benachrichtigungen/i,
  /\b\d+\s*hrs?\b|\bmins\b/i,
  /\d\s*std\.?\s+\d+\s*min/i,
  /^\s*[<‹(].{2,30}[>›)]\s*$/m,
  /ways\s*to\s*disconnect|abschalten/i,
];
const IOS_SIGNS = [
  /most\s*used|h[äa]ufigsten/i,
  /pickups|aktivierungen/i,
  /updated\s*today|aktualisiert/i,
  /iphone|ipad/i,
  /\d\s*h\s*\d+\s*m\b/i,
  /\d\s*std\.?,\s*\d+\s*min/i,
  /^\s*(week|woche)\s+(day|tag)\s*$/im,
];
const GERMAN = /bildschirmzeit|tagesdurchschnitt|\bheute\b|\bgestern\b|\bwoche\b|\bstd\b|h[äa]ufigsten|aktualisiert/i;
/** Where the iPhone's app list starts; the apps it names come after it. */
const APPS_HEADER = /most\s*used|h[äa]ufigsten\s*verwendet/i;
/** Where the app list has ended. */
const APPS_END = /pickups|aktivierungen|ways\s*to\s*disconnect|abschalten/i;

/**
 * A digit as OCR tends to misread it in the phone's fonts ("Gh 22m", "Th 23m", "1O m"); read back as a digit only where
 * a unit of time follows, so words stay words.
 */
const DIGITISH = "[0-9OoQDGgbTlIi|!\\]SsBZz]";
const DIGIT_OF: Record<string, string> = {
  O: "0",
  o: "0",
  Q: "0",
  D: "0",
  G: "6",
  g: "9",
  b: "6",
  T: "1",
  l: "1",
  I: "1",
  i: "1",
  "|": "1",
  "!": "1",
  "]": "1",
  S: "5",
  s: "5",
  B: "8",
  Z: "2",
  z: "2",
};
const HOURS = "(?:h|hr|hrs|hour|hours|ar|std|stunde|stunden)";
const MINUTES = "(?:m|min|mins|minute|minutes|minuten)";
const SECONDS = "(?:s|sec|secs|sek)";
/** A whole line that is one duration: "6h 22m", "6 Std., 22 Min.", "5 hrs, 12 mins", "45m", "7h", "16s". */
const DURATION = new RegExp(
  `^(?:(${DIGITISH}{1,2})\\s*${HOURS}\\.?)?\\s*,?\\s*(?:(${DIGITISH}{1,2})\\s*${MINUTES}\\.?)?\\s*(?:(${DIGITISH}{1,2})\\s*${SECONDS}\\.?)?$`,
  "i",
);

function asNumber(token: string): number {
  return Number([...token].map((c) => DIGIT_OF[c] ?? c).join(""));
}

/** The minutes a line says, when the whole line (but for stray marks at its edges) is one duration; else null. */
export function durationOf(text: string): number | null {
  const core = stripEdges(text);
  if (core === "" || !/[hms]/i.test(core)) return null;
  const match = DURATION.exec(core);
  if (!match || (!match[1] && !match[2] && !match[3])) return null;
  const [hours, minutes] = [match[1], match[2]].map((t) => (t === undefined ? 0 : asNumber(t)));
  if (!Number.isInteger(hours) || !Number.isInteger(minutes) || (minutes ?? 0) >= 60) return null;
  // A unit on its own that OCR made of a mark ("m") is no figure: at least one real digit.
  if (!/\d/.test(core)) return null;
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Icons, chevrons and bar ends that OCR reads as stray marks at a line's ends ("| 4 hrs", "O) Safari >"), and
 * Android's checkbox after an app's time ("39 mins 0").
 */
function stripEdges(text: string): string {
  return text
    .trim()
    .replace(/((?:min|mins|minuten|m|s|sek)\.?)\s+\S$/i, "$1")
    .replace(/^(?:[^\p{L}\p{N}]+|\b[\p{L}\p{N}]{1,2}[)}\]]\s*)+/u, "")
    .replace(/[^\p{L}\p{N}.]+$/u, "")
    .trim();
}

/** A line whose end was wrapped onto the next ("4 hrs, 5" / "mins") is read as one. */
function joinWrapped(lines: OcrLine[]): OcrLine[] {
  const out: OcrLine[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous && /\d\s*$/.test(previous.text) && new RegExp(`^\\W*${MINUTES}\\.?\\s*$`, "i").test(line.text)) {
      out[out.length - 1] = { ...previous, text: `${previous.text.trim()} ${stripEdges(line.text)}` };
    } else out.push(line);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The day the screen shows

const MONTHS: Array<[RegExp, number]> = [
  [/^(jan|jän)/i, 1],
  [/^feb/i, 2],
  [/^(mar|mär|maerz)/i, 3],
  [/^apr/i, 4],
  [/^(may|mai)/i, 5],
  [/^jun/i, 6],
  [/^jul/i, 7],
  [/^aug/i, 8],
  [/^sep/i, 9],
  [/^(oct|okt)/i, 10],
  [/^nov/i, 11],
  [/^(dec|dez)/i, 12],
];
const MONTH_WORD =
  "(jan\\w*|jän\\w*|feb\\w*|mär\\w*|mar\\w*|apr\\w*|may|mai|jun\\w*|jul\\w*|aug\\w*|sep\\w*|oct\\w*|okt\\w*|nov\\w*|dec\\w*|dez\\w*)\\.?";
const WEEKDAY =
  "(?:mon|tue|wed|thu|fri|sat|sun|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|mo|di|mi|do|fr|sa|so)\\w*\\.?,?\\s*";
/** "Monday, 23 November", "Montag, 23. November", "Mon, 23 Nov", "Mo., 23. Nov." */
const DAY_MONTH = new RegExp(`^(?:${WEEKDAY})?(\\d{1,2})\\.?\\s+${MONTH_WORD}(?:\\s+(\\d{4}))?$`, "i");
/** "Wednesday, September 6", "Nov 23" */
const MONTH_DAY = new RegExp(`^(?:${WEEKDAY})?${MONTH_WORD}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?$`, "i");

function monthNumber(word: string): number | null {
  return MONTHS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** The latest date with that month and day that is not after `today` (a screen shows only days gone by). */
function latestDate(month: number, day: number, today: string, year?: number): string | null {
  const pad = (n: number) => String(n).padStart(2, "0");
  const thisYear = Number(today.slice(0, 4));
  for (const y of year ? [year] : [thisYear, thisYear - 1, thisYear - 4]) {
    const date = `${y}-${pad(month)}-${pad(day)}`;
    // parseISO rolls no date over: 2026-02-30 is invalid rather than 2 March.
    if (isValid(parseISO(date)) && format(parseISO(date), "yyyy-MM-dd") === date && date <= today) return date;
  }
  return null;
}

/** The last day of the week before the one `today` falls in. */
function endOfLastWeek(today: string, weekStartsOn: 0 | 1): string {
  return addDays(format(startOfWeek(parseISO(today), { weekStartsOn }), "yyyy-MM-dd"), -1);
}

type DayLine = { day: string; index: number };

/** The first line that says which day or week the screen shows, read as a date. */
function findDay(lines: OcrLine[], today: string, weekStartsOn: 0 | 1): DayLine | null {
  for (const [index, line] of lines.entries()) {
    const text = stripEdges(line.text).replace(/\s+/g, " ");
    if (/^(today|heute)\b/i.test(text)) return { day: today, index };
    if (/^(yesterday|gestern)\b/i.test(text)) return { day: addDays(today, -1), index };
    if (/^(this|diese) ?woche$|^this week$/i.test(text)) return { day: today, index };
    if (/^(last|letzte) ?(week|woche)$/i.test(text)) return { day: endOfLastWeek(today, weekStartsOn), index };
    const dayMonth = DAY_MONTH.exec(text);
    const monthDay = dayMonth ? null : MONTH_DAY.exec(text);
    const parts = dayMonth
      ? { day: dayMonth[1], month: dayMonth[2], year: dayMonth[3] }
      : monthDay
        ? { day: monthDay[2], month: monthDay[1], year: monthDay[3] }
        : null;
    const month = parts?.month ? monthNumber(parts.month) : null;
    if (parts && month) {
      const day = latestDate(month, Number(parts.day), today, parts.year ? Number(parts.year) : undefined);
      if (day) return { day, index };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The total and the apps

type Timed = { index: number; minutes: number; line: OcrLine };

/**
 * The total: the biggest figure on the screen, which both phones print far larger than an app's time or a chart's
 * axis ("60m", "6h"). Without line heights, the first figure after the date or "Daily Average" line. The figure must
 * stand above the app list.
 */
function findTotal(timed: Timed[], anchor: number, appsStart: number): Timed | null {
  const above = timed.filter((t) => t.index < appsStart);
  if (above.length === 0) return null;
  const measured = above.every((t) => t.line.height !== undefined);
  if (measured) {
    const tallest = above.reduce((best, t) => ((t.line.height ?? 0) > (best.line.height ?? 0) ? t : best));
    const others = timed
      .filter((t) => t !== tallest)
      .map((t) => t.line.height ?? 0)
      .sort((a, b) => a - b);
    const median = others[Math.floor(others.length / 2)];
    // Among several figures the total stands out; if none does, the total itself was not read.
    if (median !== undefined && (tallest.line.height ?? 0) < 1.5 * median) return null;
    return tallest;
  }
  return above.find((t) => t.index > anchor) ?? null;
}

/** An app's name from its line: the icon and chevron OCR read as marks dropped. */
function appName(text: string): string | null {
  const words = stripEdges(text)
    .split(/\s+/)
    .filter((w) => w !== "");
  // A lone letter or digit at either end is an icon or a chevron ("O) Safari 5", "Netflix N").
  while (words.length > 1 && /^[\p{L}\p{N}][)}\]]?$/u.test(words[0] ?? "")) words.shift();
  while (words.length > 1 && /^[\p{L}\p{N}|]$/u.test(words.at(-1) ?? "")) words.pop();
  const name = words.join(" ").trim();
  // A name of one or two letters is an icon OCR read ("O", "eo" from Instagram's gradient in Chromium): better no name
  // than a wrong one he must clear. The iPhone's "Show Categories" sits on the list's header row.
  if ((name.match(/\p{L}/gu) ?? []).length < 3 || durationOf(name) !== null) return null;
  if (/show\s*categories|kategorien/i.test(name)) return null;
  return name.slice(0, 40);
}

function findApps(lines: OcrLine[], timed: Timed[], from: number): TopApp[] {
  const apps: TopApp[] = [];
  const byIndex = new Map(timed.map((t) => [t.index, t]));
  for (let i = from + 1; i < lines.length && apps.length < TOP_APPS_MAX; i++) {
    const text = lines[i]?.text ?? "";
    if (APPS_END.test(text)) break;
    const time = byIndex.get(i);
    if (!time) continue;
    // The name is on the line just above its time (both phones print the time under the name).
    const name = appName(lines[i - 1]?.text ?? "");
    if (name && !byIndex.has(i - 1) && !APPS_HEADER.test(name)) apps.push({ name, minutes: time.minutes });
  }
  return apps;
}

export function parseScreenTimeText(ocr: OcrLines, options: { today: string }): ScreenTimeReading {
  const lines = joinWrapped(ocr.lines.filter((l) => l.text.trim() !== ""));
  const all = lines.map((l) => l.text).join("\n");
  if (!SCREEN_TITLE.test(all)) return { ok: false, reason: "not-screen-time" };

  const signs = (patterns: RegExp[]) => patterns.filter((p) => p.test(all)).length;
  const platform = signs(ANDROID_SIGNS) > signs(IOS_SIGNS) ? "android" : "ios";
  const german = GERMAN.test(all);
  // An English iPhone counts weeks from Sunday (its chart runs S M T W T F S); Android and German ones from Monday.
  const weekStartsOn = platform === "ios" && !german ? 0 : 1;
  const averageIndex = lines.findIndex((l) => DAILY_AVERAGE.test(l.text));
  const period = averageIndex >= 0 ? "week" : "day";
  const dayLine = findDay(lines, options.today, weekStartsOn);

  const timed: Timed[] = [];
  for (const [index, line] of lines.entries()) {
    const minutes = durationOf(line.text);
    if (minutes !== null) timed.push({ index, minutes, line });
  }
  const header = lines.findIndex((l) => APPS_HEADER.test(l.text));
  const appsStart = header >= 0 ? header : lines.length;
  const anchor = Math.max(averageIndex, dayLine?.index ?? -1);
  const total = findTotal(timed, anchor, appsStart);
  if (!total) return { ok: false, reason: "no-total" };

  return {
    ok: true,
    minutes: total.minutes,
    period,
    day: dayLine?.day ?? null,
    topApps: findApps(lines, timed, header >= 0 ? header : total.index),
    platform,
  };
}
