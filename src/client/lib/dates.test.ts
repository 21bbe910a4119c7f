import { describe, expect, it } from "vitest";
import { addDays } from "#shared/time.ts";
import { monthGrid } from "../components/date-picker-model.ts";
import { formatDeadline, parseCalendarDay, toIsoDate } from "./dates.ts";

// These read the machine's time zone: npm run test:dates runs them in Europe/Berlin across its summer-time switches.
describe("calendar days on the viewer's clock, over leap days, year ends and summer-time switches (issue 24 #2)", () => {
  it("reads back every day of 2027 and 2028 as the day it was, whatever the zone's offset that night", () => {
    for (let day = "2027-01-01"; day <= "2028-12-31"; day = addDays(day, 1)) {
      const parsed = parseCalendarDay(`${day}T23:59:59.000Z`);
      if (!parsed || toIsoDate(parsed) !== day) expect(parsed && toIsoDate(parsed)).toBe(day);
    }
    expect(formatDeadline("2028-02-29T23:59:59.000Z")).toBe("Tue, Feb 29, 2028");
    expect(formatDeadline("2027-03-28T23:59:59.000Z")).toBe("Sun, Mar 28, 2027");
    expect(formatDeadline("2027-12-31")).toBe("Fri, Dec 31, 2027");
    expect(parseCalendarDay("2027-02-29")).toBeNull();
  });

  it("lays out the months of a leap day and of both switches with every day once, Sunday first", () => {
    const days = (year: number, month: number) => monthGrid(new Date(year, month, 1)).filter((d) => d !== null);
    expect(days(2028, 1).map(toIsoDate).at(-1)).toBe("2028-02-29");
    expect(monthGrid(new Date(2028, 1, 1)).indexOf(null)).toBe(0);
    expect(monthGrid(new Date(2028, 1, 1)).filter((d) => d === null)).toHaveLength(2); // 1 Feb 2028 is a Tuesday
    for (const [year, month, length] of [
      [2027, 2, 31],
      [2027, 9, 31],
      [2027, 11, 31],
      [2027, 1, 28],
    ] as const) {
      const list = days(year, month).map(toIsoDate);
      expect(list).toHaveLength(length);
      expect(new Set(list).size).toBe(length);
      expect(list[0]).toBe(`${year}-${String(month + 1).padStart(2, "0")}-01`);
    }
  });
});

describe("what is not a calendar day", () => {
  it("reads nothing from an empty, shortened or impossible day", () => {
    for (const value of [
      null,
      undefined,
      "",
      "2027-1-05",
      "2027-13-01",
      "2027-04-31",
      "2027-00-10",
      "27-04-01",
      "soon",
    ]) {
      expect(parseCalendarDay(value)).toBeNull();
    }
    expect(parseCalendarDay("2027-04-30")?.getDate()).toBe(30);
  });
});
