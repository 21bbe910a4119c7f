import { UTCDate } from "@date-fns/utc";
import { addDays as addCalendarDays, formatISO, getISODay, getISOWeek, getISOWeekYear, parseISO } from "date-fns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withinSendingHours } from "./reminders/rules.ts";
import {
  addDays,
  dayOf,
  daysBetween,
  earliestDayAnywhere,
  isoWeekKey,
  isValidTimeZone,
  localTime,
  startOfLocalDay,
  todayIn,
} from "./time.ts";

/** The days moved as date-fns moves them, on a UTC clock: what `addDays` did before its own arithmetic (issue 58). */
const dateFnsAddDays = (day: string, by: number) =>
  formatISO(addCalendarDays(parseISO(day, { in: (value) => new UTCDate(+new Date(value)) }), by), {
    representation: "date",
  });

describe("the app's clock (time.ts) and the reminders' sending hours", () => {
  it("reads a moment on the user's own wall clock, across the date line and summer time", () => {
    const moment = new Date("2026-11-22T23:30:00Z"); // a Sunday in UTC
    expect(localTime(moment, "UTC")).toEqual({ date: "2026-11-22", hour: 23, weekday: 7 });
    expect(localTime(moment, "Asia/Tokyo")).toEqual({ date: "2026-11-23", hour: 8, weekday: 1 });
    expect(localTime(moment, "America/Los_Angeles")).toEqual({ date: "2026-11-22", hour: 15, weekday: 7 });
    // Berlin in summer is UTC+2, in winter UTC+1.
    expect(localTime(new Date("2026-07-01T06:00:00Z"), "Europe/Berlin").hour).toBe(8);
    expect(localTime(new Date("2026-12-01T06:00:00Z"), "Europe/Berlin").hour).toBe(7);
    // Asked again, alternately, each zone and moment keeps its own wall clock (the last one read is kept, issue 58).
    expect(localTime(moment, "UTC").date).toBe("2026-11-22");
    expect(localTime(moment, "UTC").date).toBe("2026-11-22");
    expect(localTime(moment, "Asia/Tokyo").date).toBe("2026-11-23");
    expect(localTime(new Date(moment.getTime() + 3_600_000), "UTC").date).toBe("2026-11-23");
    expect(localTime(moment, "UTC").date).toBe("2026-11-22");
  });

  it("counts days and ISO weeks over month and year ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(isoWeekKey("2026-11-23")).toBe("2026-W48");
    expect(isoWeekKey("2026-11-29")).toBe("2026-W48");
    // 1 January 2027 is a Friday: it belongs to the last ISO week of 2026.
    expect(isoWeekKey("2027-01-01")).toBe("2026-W53");
    expect(isoWeekKey("2027-01-04")).toBe("2027-W01");
  });

  it("sends from 08:00 until 22:00 only, and knows a real time zone from a made-up one", () => {
    expect(withinSendingHours({ date: "2026-11-23", hour: 7, weekday: 1 })).toBe(false);
    expect(withinSendingHours({ date: "2026-11-23", hour: 8, weekday: 1 })).toBe(true);
    expect(withinSendingHours({ date: "2026-11-23", hour: 21, weekday: 1 })).toBe(true);
    expect(withinSendingHours({ date: "2026-11-23", hour: 22, weekday: 1 })).toBe(false);
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("reminder clock rules at awkward moments (issue 24 #2)", () => {
  it("reads the Berlin clock across both summer-time switches", () => {
    // 28 March 2027: at 01:00 UTC the clocks in Berlin jump from 02:00 to 03:00.
    expect(localTime(new Date("2027-03-28T00:50:00Z"), "Europe/Berlin")).toEqual({
      date: "2027-03-28",
      hour: 1,
      weekday: 7,
    });
    expect(localTime(new Date("2027-03-28T01:00:00Z"), "Europe/Berlin").hour).toBe(3);
    expect(localTime(new Date("2027-03-28T06:00:00Z"), "Europe/Berlin").hour).toBe(8);
    // 31 October 2027: at 01:00 UTC they fall back from 03:00 to 02:00, so 02:xx comes twice.
    expect(localTime(new Date("2027-10-31T00:50:00Z"), "Europe/Berlin").hour).toBe(2);
    expect(localTime(new Date("2027-10-31T01:10:00Z"), "Europe/Berlin").hour).toBe(2);
    expect(localTime(new Date("2027-10-31T07:00:00Z"), "Europe/Berlin").hour).toBe(8);
  });

  it("turns New Year's Eve 23:50 UTC into New Year's Day east of UTC, and a Sunday 23:40 UTC into Monday", () => {
    const newYearsEve = new Date("2027-12-31T23:50:00Z");
    expect(localTime(newYearsEve, "UTC")).toEqual({ date: "2027-12-31", hour: 23, weekday: 5 });
    expect(localTime(newYearsEve, "Europe/Berlin")).toEqual({ date: "2028-01-01", hour: 0, weekday: 6 });
    expect(localTime(newYearsEve, "Pacific/Kiritimati")).toEqual({ date: "2028-01-01", hour: 13, weekday: 6 });
    const sundayNight = new Date("2026-11-29T23:40:00Z");
    expect(localTime(sundayNight, "UTC")).toEqual({ date: "2026-11-29", hour: 23, weekday: 7 });
    expect(localTime(sundayNight, "Europe/Berlin")).toEqual({ date: "2026-11-30", hour: 0, weekday: 1 });
  });

  it("counts days over leap days and year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2028-02-29", 366)).toBe("2029-03-01");
    expect(addDays("2027-03-27", 2)).toBe("2027-03-29");
  });

  it("names the ISO week of every day from 2000 to 2100 as date-fns does", () => {
    for (let day = "2000-01-01"; day <= "2100-12-31"; day = addDays(day, 1)) {
      const [y, m, d] = day.split("-").map(Number);
      const local = new Date(y!, m! - 1, d!);
      const expected = `${getISOWeekYear(local)}-W${String(getISOWeek(local)).padStart(2, "0")}`;
      if (isoWeekKey(day) !== expected) expect(`${day} ${isoWeekKey(day)}`).toBe(`${day} ${expected}`);
    }
    expect(isoWeekKey("2026-12-28")).toBe("2026-W53");
    expect(isoWeekKey("2028-01-02")).toBe("2027-W52");
    expect(isoWeekKey("2028-01-03")).toBe("2028-W01");
    expect(isoWeekKey("2028-02-29")).toBe("2028-W09");
  });

  it("finds the first moment of a day on his clock, on the days the clocks change", () => {
    const start = (date: string, zone: string) => startOfLocalDay(date, zone).toISOString();
    expect(start("2027-03-22", "Europe/Berlin")).toBe("2027-03-21T23:00:00.000Z");
    expect(start("2027-03-28", "Europe/Berlin")).toBe("2027-03-27T23:00:00.000Z");
    expect(start("2027-03-29", "Europe/Berlin")).toBe("2027-03-28T22:00:00.000Z");
    expect(start("2027-11-01", "Europe/Berlin")).toBe("2027-10-31T23:00:00.000Z");
    expect(start("2028-01-01", "UTC")).toBe("2028-01-01T00:00:00.000Z");
    expect(start("2028-02-29", "Asia/Tokyo")).toBe("2028-02-28T15:00:00.000Z");
    expect(start("2028-01-01", "Pacific/Kiritimati")).toBe("2027-12-31T10:00:00.000Z");
    expect(start("2028-01-01", "Pacific/Pago_Pago")).toBe("2028-01-01T11:00:00.000Z");
    expect(start("2027-01-04", "Asia/Kolkata")).toBe("2027-01-03T18:30:00.000Z");
    // Santiago de Chile moves its clocks at midnight: on 5 September 2027 the day begins at 01:00, 04:00 UTC.
    expect(start("2027-09-05", "America/Santiago")).toBe("2027-09-05T04:00:00.000Z");
    expect(localTime(new Date("2027-09-05T04:00:00Z"), "America/Santiago")).toMatchObject({
      date: "2027-09-05",
      hour: 1,
    });
  });

  it("starts every day of three years on its first minute, and moves and reads days as date-fns does (issue 58)", () => {
    const zones = [
      "UTC",
      "Europe/Berlin",
      "America/New_York",
      "America/Santiago",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
    ];
    for (const zone of zones) {
      for (let day = "2026-01-01"; day <= "2028-12-31"; day = addDays(day, 1)) {
        const first = startOfLocalDay(day, zone);
        const shown = localTime(first, zone).date;
        const before = localTime(new Date(first.getTime() - 60_000), zone).date;
        if (shown !== day || before >= day) expect(`${zone} ${day}: ${shown}, before ${before}`).toBe(`${zone} ${day}`);
      }
    }
    for (let day = "1999-12-25"; day <= "2031-01-07"; day = dateFnsAddDays(day, 1)) {
      const moment = new Date(`${day}T13:45:00Z`);
      const expected = { date: day, hour: 13, weekday: getISODay(new UTCDate(moment)) };
      if (JSON.stringify(localTime(moment, "UTC")) !== JSON.stringify(expected))
        expect(localTime(moment, "UTC")).toEqual(expected);
      for (const by of [-400, -7, -1, 1, 31, 365]) {
        if (addDays(day, by) !== dateFnsAddDays(day, by))
          expect(`${day} ${by} ${addDays(day, by)}`).toBe(`${day} ${by}`);
      }
    }
    expect(() => addDays("2026-02-30", 1)).toThrow();
  });

  it("takes only real calendar days, as date-fns does: leap years by the Gregorian rule, no day 0 or 32, no month 13", () => {
    for (const real of [
      "2000-02-29",
      "2024-02-29",
      "1600-02-29",
      "2026-04-30",
      "2026-12-31",
      "1000-01-01",
      "9999-12-31",
    ])
      expect(addDays(real, 0)).toBe(dateFnsAddDays(real, 0));
    for (const unreal of [
      "2100-02-29",
      "1900-02-29",
      "2026-02-29",
      "2026-04-31",
      "2026-06-31",
      "2026-01-00",
      "2026-00-10",
      "2026-13-01",
      "2026-1-01",
      "26-01-01",
    ])
      expect(() => addDays(unreal, 1), unreal).toThrow();
  });

  it("reads New York's clock and finds its days' first moments around both of its switches", () => {
    // 14 March 2027: at 07:00 UTC the clocks jump from 02:00 to 03:00; 7 November: at 06:00 UTC back to 01:00.
    const ny = (moment: string) => localTime(new Date(moment), "America/New_York");
    expect(ny("2027-03-14T06:59:00Z")).toEqual({ date: "2027-03-14", hour: 1, weekday: 7 });
    expect(ny("2027-03-14T07:00:00Z")).toEqual({ date: "2027-03-14", hour: 3, weekday: 7 });
    expect(ny("2027-11-07T05:30:00Z").hour).toBe(1);
    expect(ny("2027-11-07T06:30:00Z").hour).toBe(1);
    const start = (date: string) => startOfLocalDay(date, "America/New_York").toISOString();
    expect(start("2027-03-14")).toBe("2027-03-14T05:00:00.000Z");
    expect(start("2027-03-15")).toBe("2027-03-15T04:00:00.000Z");
    expect(start("2027-11-07")).toBe("2027-11-07T04:00:00.000Z");
    expect(start("2027-11-08")).toBe("2027-11-08T05:00:00.000Z");
    expect(startOfLocalDay("2027-10-31", "Europe/Berlin").toISOString()).toBe("2027-10-30T22:00:00.000Z");
  });

  it("takes the first of two midnights where the clocks fall back at midnight", () => {
    // Havana, 7 November 2027: at 01:00 the clocks go back to 00:00, so the day begins twice; the first counts.
    expect(localTime(new Date("2027-11-07T04:00:00Z"), "America/Havana")).toMatchObject({
      date: "2027-11-07",
      hour: 0,
    });
    expect(localTime(new Date("2027-11-07T05:10:00Z"), "America/Havana")).toMatchObject({
      date: "2027-11-07",
      hour: 0,
    });
    expect(startOfLocalDay("2027-11-07", "America/Havana").toISOString()).toBe("2027-11-07T04:00:00.000Z");
    // Santiago, 4 April 2027: Saturday's 23:00 comes twice, and Sunday begins once, after the second.
    expect(startOfLocalDay("2027-04-04", "America/Santiago").toISOString()).toBe("2027-04-04T04:00:00.000Z");
    expect(startOfLocalDay("2027-04-03", "America/Santiago").toISOString()).toBe("2027-04-03T03:00:00.000Z");
  });

  it("names ISO week 53 at the turn of the years that have one", () => {
    expect(isoWeekKey("2020-12-31")).toBe("2020-W53");
    expect(isoWeekKey("2021-01-03")).toBe("2020-W53");
    expect(isoWeekKey("2021-01-04")).toBe("2021-W01");
    expect(isoWeekKey("2032-12-31")).toBe("2032-W53");
    expect(isoWeekKey("2033-01-02")).toBe("2032-W53");
    expect(isoWeekKey("2027-12-31")).toBe("2027-W52");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("reminder clock rules on any machine (decision 0113)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // Node applies a new TZ at once. Santiago and Havana skip or repeat a midnight, Lord Howe moves by half an hour,
  // Apia skipped 30 December 2011: none of that may move his dates, which depend on his zone only.
  it.each(["UTC", "Europe/Berlin", "America/Santiago", "America/Havana", "Australia/Lord_Howe", "Pacific/Apia"])(
    "gives the same answers when the machine's clock is on %s",
    (zone) => {
      vi.stubEnv("TZ", zone);
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      if (zone === "Pacific/Apia") expect(new Date(2011, 11, 30).getDate()).toBe(31);
      expect(addDays("2011-12-29", 1)).toBe("2011-12-30");
      expect(addDays("2027-09-04", 1)).toBe("2027-09-05");
      expect(addDays("2027-04-04", -1)).toBe("2027-04-03");
      expect(isoWeekKey("2027-09-05")).toBe("2027-W35");
      expect(isoWeekKey("2027-01-01")).toBe("2026-W53");
      expect(localTime(new Date("2027-03-28T01:00:00Z"), "Europe/Berlin")).toEqual({
        date: "2027-03-28",
        hour: 3,
        weekday: 7,
      });
      expect(startOfLocalDay("2027-09-05", "America/Santiago").toISOString()).toBe("2027-09-05T04:00:00.000Z");
      expect(startOfLocalDay("2027-04-04", "America/Santiago").toISOString()).toBe("2027-04-04T04:00:00.000Z");
      expect(startOfLocalDay("2027-11-07", "America/Havana").toISOString()).toBe("2027-11-07T04:00:00.000Z");
      expect(startOfLocalDay("2027-03-28", "Europe/Berlin").toISOString()).toBe("2027-03-27T23:00:00.000Z");
    },
  );
});

describe("calendar days and the two todays (issue 39)", () => {
  it("names the UTC day a deadline is stored on, and counts whole days between two", () => {
    expect(dayOf(new Date("2030-01-05T23:59:59.000Z"))).toBe("2030-01-05");
    expect(daysBetween("2030-01-05", "2030-01-08")).toBe(3);
    expect(daysBetween("2028-03-01", "2028-02-28")).toBe(-2);
  });

  it("reads today on his clock, and the earliest day that is today somewhere on Earth", () => {
    const moment = new Date("2030-01-01T05:00:00Z");
    expect(todayIn("Asia/Tokyo", moment)).toBe("2030-01-01");
    expect(todayIn("America/Los_Angeles", moment)).toBe("2029-12-31");
    // At 05:00 UTC it is still 31 December in UTC−12 (Baker Island): a deadline on that day is not refused anyone.
    expect(earliestDayAnywhere(moment)).toBe("2029-12-31");
    expect(earliestDayAnywhere(new Date("2030-01-01T12:00:00Z"))).toBe("2030-01-01");
  });
});
