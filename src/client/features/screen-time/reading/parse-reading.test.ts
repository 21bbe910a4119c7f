import { describe, expect, it } from "vitest";
import { durationOf, type OcrLine, parseScreenTimeText } from "./parse-reading.ts";

/** Wednesday. Every relative date below is read against it. */
const today = "2026-11-25";

/** Lines as OCR gives them; a number after "@" is the line's character height. */
function read(...texts: string[]) {
  const lines: OcrLine[] = texts.map((t) => {
    const [text, height] = t.split("@");
    return height ? { text: text ?? "", height: Number(height) } : { text: text ?? "" };
  });
  return parseScreenTimeText({ lines }, { today });
}

describe("durationOf", () => {
  it.each([
    ["6h 22m", 382],
    ["6h22m", 382],
    ["6h 22 m", 382],
    ["Gh 22m", 382],
    ["Th 23m", 83],
    ["6 Std., 22 Min.", 382],
    ["1 Std. 5 Min.", 65],
    ["5 hrs, 12 mins", 312],
    ["1 hr, 5 mins", 65],
    ["45m", 45],
    ["45 Min.", 45],
    ["7h", 420],
    ["10 Std.", 600],
    ["| 4 hrs, 5 mins", 245],
    ["16s", 0],
  ])("%s is %i minutes", (text, minutes) => {
    expect(durationOf(text)).toBe(minutes);
  });

  it.each([
    "9:41",
    "9:41 PM",
    "21:41",
    "12 AM 6 AM 12 PM 6 PM",
    "00 06 12 18",
    "Today",
    "Social",
    "2h 52m 1h 55m 38m",
    "0",
    "m",
    "6h 70m",
  ])("%s is no duration", (text) => {
    expect(durationOf(text)).toBeNull();
  });
});

describe("parseScreenTimeText", () => {
  it("reads an English iPhone's day: the total under the date, the apps under Most Used", () => {
    expect(
      read(
        "9:41",
        "< Screen Time iPhone",
        "Week Day",
        "SCREEN TIME",
        "Today",
        "6h 22m",
        "60m",
        "30m",
        "0",
        "12 AM 6 AM 12 PM 6 PM",
        "Social Entertainment Productivity & Finance",
        "2h 52m 1h 55m 38m",
        "Updated today at 9:41 PM",
        "MOST USED SHOW CATEGORIES",
        "[ ] Instagram >",
        "2h 34m",
        "|) YouTube N",
        "1h 23m",
        "Safari",
        "47m",
        "PICKUPS",
        "Today",
        "96",
      ),
    ).toEqual({
      ok: true,
      minutes: 382,
      period: "day",
      day: today,
      platform: "ios",
      topApps: [
        { name: "Instagram", minutes: 154 },
        { name: "YouTube", minutes: 83 },
        { name: "Safari", minutes: 47 },
      ],
    });
  });

  it("reads a German iPhone's week: the daily average, the week before ending on its Sunday", () => {
    const reading = read(
      "21:41",
      "< Bildschirmzeit iPhone",
      "Woche Tag",
      "BILDSCHIRMZEIT",
      "Letzte Woche",
      "Tagesdurchschnitt",
      "6 Std., 22 Min.",
      "1 12 % mehr als letzte Woche",
      "6 Std.",
      "3 Std.",
      "M D M D F S S",
      "Bildschirmzeit gesamt 44 Std., 34 Min.",
      "AM HÄUFIGSTEN VERWENDET KATEGORIEN",
      "TikTok",
      "4 Std., 42 Min.",
    );
    expect(reading).toMatchObject({ ok: true, minutes: 382, period: "week", day: "2026-11-22", platform: "ios" });
    expect(reading.ok && reading.topApps).toEqual([{ name: "TikTok", minutes: 282 }]);
  });

  it("counts an English iPhone's weeks from Sunday", () => {
    expect(read("SCREEN TIME", "Last Week", "Daily Average", "5h 12m", "Most Used")).toMatchObject({
      minutes: 312,
      period: "week",
      day: "2026-11-21",
    });
    expect(read("SCREEN TIME", "This Week", "Daily Average", "45m")).toMatchObject({ day: today, minutes: 45 });
  });

  it("reads Android's dashboard with the total in the donut, and its day page with a date", () => {
    expect(
      read(
        "21:41",
        "Digital Wellbeing",
        "Today",
        "| 5 hrs, 12 mins",
        "45 165",
        "unlocks notifications",
        "Instagram",
        "® 1 hr, 39 mins 0",
      ),
    ).toEqual({
      ok: true,
      minutes: 312,
      period: "day",
      day: today,
      platform: "android",
      topApps: [{ name: "Instagram", minutes: 99 }],
    });
    expect(
      read(
        "Bildschirmzeit",
        "< Mo., 23. Nov. >",
        "4 Std. 59 Min.",
        "60 Min.",
        "00:00 06:00 12:00 18:00",
        "X",
        "( 2 Std. 24 Min. 0",
      ),
    ).toMatchObject({ ok: true, minutes: 299, day: "2026-11-23", platform: "android" });
  });

  it("joins a total wrapped over two lines", () => {
    expect(read("Digital Wellbeing", "Today", "| 4 hrs, 5", "\\ mins")).toMatchObject({ minutes: 245 });
  });

  it("resolves each way a screen names its day", () => {
    const dayOf = (line: string) => {
      const reading = read("Screen Time", line, "1h 5m");
      return reading.ok ? reading.day : reading.reason;
    };
    expect(dayOf("Yesterday")).toBe("2026-11-24");
    expect(dayOf("Gestern")).toBe("2026-11-24");
    expect(dayOf("Heute")).toBe(today);
    expect(dayOf("Monday, 23 November")).toBe("2026-11-23");
    expect(dayOf("Montag, 23. November")).toBe("2026-11-23");
    expect(dayOf("Wednesday, September 6")).toBe("2026-09-06");
    // A date later in the year than today is last year's.
    expect(dayOf("Sunday, 27 December")).toBe("2025-12-27");
    expect(dayOf("Diese Woche")).toBe(today);
    expect(read("Screen Time", "1h 5m")).toMatchObject({ ok: true, day: null });
  });

  it("takes the biggest figure for the total, never a chart's axis or an app's time", () => {
    // The total was not read at all: an axis label and the apps' times are all the same size.
    expect(
      read(
        "SCREEN TIME@15",
        "Today@23",
        "6h@12",
        "3h@12",
        "0@12",
        "Instagram@20",
        "2h 34m@15",
        "YouTube@20",
        "1h 23m@15",
      ),
    ).toEqual({
      ok: false,
      reason: "no-total",
    });
    // An axis label "6h" read before the total (the column came first) loses to the bigger figure.
    expect(
      read("SCREEN TIME@15", "6h@12", "Daily Average@25", "5h 12m@40", "3h@12", "Total Screen Time 36h 24m@17"),
    ).toMatchObject({
      minutes: 312,
      period: "week",
    });
  });

  it("does not take the status bar's clock or a chart's hours for the total", () => {
    expect(read("9:41 PM", "Screen Time", "Today", "12 AM 6 AM 12 PM 6 PM", "00 06 12 18")).toEqual({
      ok: false,
      reason: "no-total",
    });
  });

  it("refuses a picture that is not a screen-time screen", () => {
    expect(read("Tom", "online", "I spent 3h 20m on my phone yesterday", "22m")).toEqual({
      ok: false,
      reason: "not-screen-time",
    });
    expect(read("Settings", "Notifications", "Screen Time", "General")).toEqual({ ok: false, reason: "no-total" });
    expect(read()).toEqual({ ok: false, reason: "not-screen-time" });
  });

  it("returns a total over a day as read, for the caller to refuse", () => {
    expect(read("Screen Time", "Today", "26h 5m")).toMatchObject({ ok: true, minutes: 1565 });
  });

  it("keeps at most five apps", () => {
    const apps = ["Instagram", "YouTube", "Safari", "WhatsApp", "Messages", "Maps"].flatMap((name, i) => [
      name,
      `${10 - i}m`,
    ]);
    const reading = read("SCREEN TIME", "Today", "1h 5m", "MOST USED", ...apps);
    expect(reading.ok && reading.topApps.map((a) => a.name)).toEqual([
      "Instagram",
      "YouTube",
      "Safari",
      "WhatsApp",
      "Messages",
    ]);
  });
});
