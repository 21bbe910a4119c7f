import { describe, expect, it } from "vitest";
import { addDays, isoWeekKey, isValidTimeZone, localTime, withinSendingHours } from "./rules.ts";

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
