import { describe, expect, it } from "vitest";
import { addDays } from "../time.ts";
import { localWeekStart, STREAK_RECENT_WEEKS, streakFromCompletions, weeklyStreak } from "./streak.ts";

/** The week these histories end in: Monday 23 November 2026 (2026-W48). */
const CURRENT = "2026-11-23";

/**
 * A history written oldest week first, this week last: `x` a week he completed something in, `.` one without.
 * Answers the streak as of this week.
 */
function streakOf(history: string) {
  const mondays = [...history].flatMap((mark, i) =>
    mark === "x" ? [addDays(CURRENT, (i - history.length + 1) * 7)] : [],
  );
  return weeklyStreak(mondays, CURRENT);
}

/** The statuses of the last `n` weeks, oldest first. */
function lastStatuses(history: string, n = history.length) {
  return streakOf(history)
    .recent.slice(-n)
    .map((w) => w.status);
}

describe("the forgiving weekly streak (issue 27)", () => {
  it("counts an unbroken run of active weeks, this week included once something is done in it", () => {
    expect(streakOf("xxxxx")).toMatchObject({ weeks: 5, restWeeks: 0, thisWeekDone: true, restWeekAvailable: true });
    expect(lastStatuses("xxxxx")).toEqual(["done", "done", "done", "done", "done"]);
  });

  it("lets the week under way neither count nor break the streak while nothing is done in it yet", () => {
    expect(streakOf("xxxx.")).toMatchObject({ weeks: 4, restWeeks: 0, thisWeekDone: false, restWeekAvailable: true });
    expect(lastStatuses("xxxx.")).toEqual(["done", "done", "done", "done", "current"]);
  });

  it("forgives one missed week as a rest week, and counts it in the streak's length", () => {
    expect(streakOf("xx.xxx")).toMatchObject({ weeks: 6, restWeeks: 1, thisWeekDone: true });
    expect(lastStatuses("xx.xxx")).toEqual(["done", "done", "rest", "done", "done", "done"]);
  });

  it("keeps a streak whose rest week was last week, but says this week has to count", () => {
    expect(streakOf("xxx..")).toMatchObject({ weeks: 4, restWeeks: 1, thisWeekDone: false, restWeekAvailable: false });
    expect(lastStatuses("xxx..")).toEqual(["done", "done", "done", "rest", "current"]);
  });

  it("ends the streak at two missed weeks in a row", () => {
    expect(streakOf("xxxx..xx")).toMatchObject({ weeks: 2, restWeeks: 0 });
    expect(lastStatuses("xxxx..xx")).toEqual(["done", "done", "done", "done", "rest", "missed", "done", "done"]);
    // With nothing done since: no streak at all, and this week is still his to start one.
    expect(streakOf("xxxx...")).toMatchObject({ weeks: 0, restWeeks: 0, restWeekAvailable: false });
  });

  it("ends it at a second miss within four weeks, and forgives one four weeks after the last", () => {
    // Misses three weeks apart: two in the same four weeks.
    expect(streakOf("xx.xx.xx")).toMatchObject({ weeks: 2, restWeeks: 0 });
    expect(lastStatuses("xx.xx.xx")).toEqual(["done", "done", "rest", "done", "done", "missed", "done", "done"]);
    // Four weeks apart: every four weeks in a row hold one rest week at most.
    expect(streakOf("xx.xxx.xx")).toMatchObject({ weeks: 9, restWeeks: 2 });
    expect(lastStatuses("xx.xxx.xx")).toContain("rest");
    expect(lastStatuses("xx.xxx.xx").filter((s) => s === "rest")).toHaveLength(2);
  });

  it("never starts a streak with a rest week", () => {
    // After the streak ended, the next empty week has no streak to forgive it.
    expect(lastStatuses("x...x")).toEqual(["done", "rest", "missed", "missed", "done"]);
    expect(streakOf("x...x")).toMatchObject({ weeks: 1, restWeeks: 0 });
    // Nor does a week before anything was ever done: the streak starts with the first active week.
    expect(streakOf("..x")).toMatchObject({ weeks: 1, restWeeks: 0 });
  });

  it("gives a new streak its own rest week, whatever the ended one used", () => {
    // Rest in week 2, missed in 3 (ends it), a new streak from 4: its miss in 5 is forgiven.
    expect(lastStatuses("x..x.x")).toEqual(["done", "rest", "missed", "done", "rest", "done"]);
    expect(streakOf("x..x.x")).toMatchObject({ weeks: 3, restWeeks: 1 });
  });

  it("tells a streak once ended as ended, whatever came after", () => {
    // Read backward, the miss in week 4 could be forgiven instead of the one in week 2, making it 6 weeks; he was
    // told at the end of week 4 that the streak had ended, so it stays ended.
    expect(streakOf("x.x.xx")).toMatchObject({ weeks: 2, restWeeks: 0 });
  });

  it("shows a new user twelve quiet weeks and this one to start in", () => {
    const streak = weeklyStreak([], CURRENT);
    expect(streak).toMatchObject({ weeks: 0, restWeeks: 0, thisWeekDone: false, restWeekAvailable: false });
    expect(streak.recent).toHaveLength(STREAK_RECENT_WEEKS);
    expect(streak.recent.slice(0, -1).every((w) => w.status === "before")).toBe(true);
    expect(streak.recent.at(-1)).toEqual({ monday: CURRENT, week: "2026-W48", status: "current" });
  });

  it("ignores completions stamped after this week (another instance's clock running ahead)", () => {
    expect(weeklyStreak([addDays(CURRENT, 7)], CURRENT)).toMatchObject({ weeks: 0, thisWeekDone: false });
  });
});

describe("the streak on his clock (issue 27)", () => {
  it("counts a todo done at 23:30 on Sunday for that week, not the next UTC week", () => {
    // Sunday 29 November 2026, 23:30 in New York is Monday 04:30 UTC.
    const sundayNight = new Date("2026-11-30T04:30:00Z");
    expect(localWeekStart(sundayNight, "America/New_York")).toBe("2026-11-23");
    expect(localWeekStart(sundayNight, "UTC")).toBe("2026-11-30");
    const mondayInNewYork = new Date("2026-11-30T15:00:00Z");
    expect(streakFromCompletions([sundayNight], mondayInNewYork, "America/New_York")).toMatchObject({
      weeks: 1,
      thisWeekDone: false,
    });
    // On UTC's clock the same moment is this week's.
    expect(streakFromCompletions([sundayNight], mondayInNewYork, "UTC")).toMatchObject({
      weeks: 1,
      thisWeekDone: true,
    });
    // East of UTC: Monday 00:30 in Berlin is still Sunday in UTC, and already the new week on his clock.
    const berlinMonday = new Date("2026-11-29T23:30:00Z");
    expect(localWeekStart(berlinMonday, "Europe/Berlin")).toBe("2026-11-30");
    expect(localWeekStart(berlinMonday, "UTC")).toBe("2026-11-23");
  });

  it("keeps Sunday night and Monday morning in their weeks across Berlin's summer-time switches", () => {
    // 28 March 2027: summer time starts (UTC+1 → UTC+2).
    expect(localWeekStart(new Date("2027-03-28T21:30:00Z"), "Europe/Berlin")).toBe("2027-03-22"); // Sun 23:30
    expect(localWeekStart(new Date("2027-03-28T22:30:00Z"), "Europe/Berlin")).toBe("2027-03-29"); // Mon 00:30
    // 31 October 2027: it ends (UTC+2 → UTC+1).
    expect(localWeekStart(new Date("2027-10-31T22:30:00Z"), "Europe/Berlin")).toBe("2027-10-25"); // Sun 23:30
    expect(localWeekStart(new Date("2027-10-31T23:30:00Z"), "Europe/Berlin")).toBe("2027-11-01"); // Mon 00:30
    // Three weeks across the spring switch, each done late on Sunday: three weeks, not two in one.
    const sundays = ["2027-03-21T22:30:00Z", "2027-03-28T21:30:00Z", "2027-04-04T21:30:00Z"].map((s) => new Date(s));
    expect(streakFromCompletions(sundays, new Date("2027-04-05T08:00:00Z"), "Europe/Berlin")).toMatchObject({
      weeks: 3,
      restWeeks: 0,
    });
  });

  it("keeps New York's summer-time switch weeks apart too", () => {
    // 14 March 2027: New York moves from UTC−5 to UTC−4.
    expect(localWeekStart(new Date("2027-03-15T03:30:00Z"), "America/New_York")).toBe("2027-03-08"); // Sun 23:30
    expect(localWeekStart(new Date("2027-03-15T04:30:00Z"), "America/New_York")).toBe("2027-03-15"); // Mon 00:30
    // 7 November 2027: back to UTC−5.
    expect(localWeekStart(new Date("2027-11-08T04:30:00Z"), "America/New_York")).toBe("2027-11-01"); // Sun 23:30
    expect(localWeekStart(new Date("2027-11-08T05:30:00Z"), "America/New_York")).toBe("2027-11-08"); // Mon 00:30
  });

  it("runs through ISO week 53 into week 1 at New Year", () => {
    // 28 December 2026 to 3 January 2027 is 2026-W53.
    const done = ["2026-12-22T12:00:00Z", "2027-01-03T22:00:00Z", "2027-01-05T12:00:00Z"].map((s) => new Date(s));
    const streak = streakFromCompletions(done, new Date("2027-01-06T12:00:00Z"), "UTC");
    expect(streak).toMatchObject({ weeks: 3, restWeeks: 0, thisWeekDone: true });
    expect(streak.recent.slice(-3).map((w) => [w.week, w.status])).toEqual([
      ["2026-W52", "done"],
      ["2026-W53", "done"],
      ["2027-W01", "done"],
    ]);
    // New Year's Eve 23:50 UTC is New Year's Day in Berlin: still 2026-W53 either way.
    expect(localWeekStart(new Date("2026-12-31T23:50:00Z"), "Europe/Berlin")).toBe("2026-12-28");
    // Sunday 3 January 23:30 in Berlin belongs to W53; in Tokyo that moment is Monday of W01.
    const lastMoment = new Date("2027-01-03T22:30:00Z");
    expect(localWeekStart(lastMoment, "Europe/Berlin")).toBe("2026-12-28");
    expect(localWeekStart(lastMoment, "Asia/Tokyo")).toBe("2027-01-04");
  });
});
