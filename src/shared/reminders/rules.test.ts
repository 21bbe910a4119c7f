import { getISOWeek, getISOWeekYear } from "date-fns";
import { describe, expect, it } from "vitest";
import { addDays, isoWeekKey, isValidTimeZone, localTime, startOfLocalDay, withinSendingHours } from "./rules.ts";

describe("reminder clock rules", () => {
  it("reads a moment on the user's own wall clock, across the date line and summer time", () => {
    const moment = new Date("2026-11-22T23:30:00Z"); // a Sunday in UTC
    expect(localTime(moment, "UTC")).toEqual({ date: "2026-11-22", hour: 23, weekday: 7 });
    expect(localTime(moment, "Asia/Tokyo")).toEqual({ date: "2026-11-23", hour: 8, weekday: 1 });
    expect(localTime(moment, "America/Los_Angeles")).toEqual({ date: "2026-11-22", hour: 15, weekday: 7 });
    // Berlin in summer is UTC+2, in winter UTC+1.
    expect(localTime(new Date("2026-07-01T06:00:00Z"), "Europe/Berlin").hour).toBe(8);
    expect(localTime(new Date("2026-12-01T06:00:00Z"), "Europe/Berlin").hour).toBe(7);
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
});
