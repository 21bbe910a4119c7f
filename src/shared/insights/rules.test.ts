import { describe, expect, it } from "vitest";
import { challengeProgress } from "../plan/rules.ts";
import {
  activityGrid,
  deadlineRecord,
  INSIGHT_WEEKS,
  insightMondays,
  type MilestoneHistory,
  progressAt,
  weekEnds,
} from "./rules.ts";

const at = (iso: string) => new Date(iso);

describe("the activity grid (issue 27)", () => {
  // Wednesday 25 November 2026, 10:00 UTC.
  const now = at("2026-11-25T10:00:00Z");

  it("lays twelve weeks out Monday first, marks today and leaves the days after it blank", () => {
    const grid = activityGrid([], now, "UTC");
    expect(grid).toHaveLength(INSIGHT_WEEKS);
    expect(grid.every((week) => week.days.length === 7)).toBe(true);
    expect(grid[0]?.monday).toBe("2026-09-07");
    expect(grid.at(-1)?.monday).toBe("2026-11-23");
    expect(grid.at(-1)?.week).toBe("2026-W48");
    const thisWeek = grid.at(-1)?.days ?? [];
    expect(thisWeek.map((d) => [d.date, d.today, d.future])).toEqual([
      ["2026-11-23", false, false],
      ["2026-11-24", false, false],
      ["2026-11-25", true, false],
      ["2026-11-26", false, true],
      ["2026-11-27", false, true],
      ["2026-11-28", false, true],
      ["2026-11-29", false, true],
    ]);
    expect(grid.flatMap((w) => w.days).filter((d) => d.today)).toHaveLength(1);
  });

  it("counts each thing done on the day of his clock, and nothing outside the twelve weeks", () => {
    const done = [
      at("2026-11-23T04:30:00Z"), // Sunday 22 November, 23:30 in New York
      at("2026-11-23T04:40:00Z"),
      at("2026-11-24T15:00:00Z"),
      at("2026-08-01T12:00:00Z"), // before the grid
    ];
    const days = activityGrid(done, now, "America/New_York").flatMap((w) => w.days);
    expect(days.find((d) => d.date === "2026-11-22")?.count).toBe(2);
    expect(days.find((d) => d.date === "2026-11-23")?.count).toBe(0);
    expect(days.find((d) => d.date === "2026-11-24")?.count).toBe(1);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    // On UTC's clock the Sunday-night pair falls on Monday.
    const utc = activityGrid(done, now, "UTC").flatMap((w) => w.days);
    expect(utc.find((d) => d.date === "2026-11-23")?.count).toBe(2);
  });

  it("marks today on his clock, not the server's: late Sunday in New York is already Monday in UTC", () => {
    const sundayNight = at("2026-11-30T04:30:00Z");
    const grid = activityGrid([sundayNight], sundayNight, "America/New_York");
    expect(grid.at(-1)?.monday).toBe("2026-11-23");
    expect(grid.at(-1)?.days.at(-1)).toEqual({ date: "2026-11-29", count: 1, today: true, future: false });
  });
});

describe("progress per challenge over the weeks (issue 27)", () => {
  const todo = (iso: string | null) => ({ completedAt: iso ? at(iso) : null });
  const history: MilestoneHistory[] = [
    // Listed out of order: the weighting sorts them as challengeProgress does.
    { milestoneType: "short_term", completedAt: at("2026-11-10T12:00:00Z"), todos: [] },
    {
      milestoneType: "immediate",
      completedAt: null,
      todos: [todo("2026-11-02T12:00:00Z"), todo("2026-11-03T12:00:00Z"), todo(null), todo(null)],
    },
    { milestoneType: "medium_term", completedAt: null, todos: [] },
  ];

  it("weighs the past as challengeProgress weighs today: a third per milestone, todos by their share", () => {
    expect(progressAt(history, at("2026-11-01T00:00:00Z"))).toBe(0);
    // One of four todos: a quarter of a third.
    expect(progressAt(history, at("2026-11-02T12:00:00Z"))).toBe(8);
    expect(progressAt(history, at("2026-11-09T00:00:00Z"))).toBe(17);
    expect(progressAt(history, at("2026-11-11T00:00:00Z"))).toBe(50);
    // Today's figure is the dashboard's.
    expect(progressAt(history, at("2026-11-25T00:00:00Z"))).toBe(
      challengeProgress([
        { milestoneCompleted: false, todos: [true, true, false, false].map((todoCompleted) => ({ todoCompleted })) },
        { milestoneCompleted: true, todos: [] },
        { milestoneCompleted: false, todos: [] },
      ]),
    );
  });

  it("reads each week at its last moment on his clock, and this week now", () => {
    const now = at("2027-04-07T10:00:00Z");
    const ends = weekEnds(now, "Europe/Berlin");
    expect(ends).toHaveLength(INSIGHT_WEEKS);
    expect(ends.at(-1)).toEqual(now);
    // The week of 22 March 2027 ends at Monday 29 March 00:00 in Berlin, already summer time (22:00 UTC).
    expect(ends.at(-3)?.toISOString()).toBe("2027-03-28T21:59:59.999Z");
    // The week before it ends in winter time (23:00 UTC).
    expect(ends.at(-4)?.toISOString()).toBe("2027-03-21T22:59:59.999Z");
    // A todo done at 23:30 on the Sunday of the switch belongs to that week's point.
    const lateSunday: MilestoneHistory[] = [
      { milestoneType: "immediate", completedAt: at("2027-03-28T21:30:00Z"), todos: [] },
    ];
    expect(ends.map((end) => progressAt(lateSunday, end)).slice(-4)).toEqual([0, 33, 33, 33]);
  });

  it("issue 58: the weeks made once for a zone's day are never another zone's or another day's", () => {
    // Monday 30 November 2026, 03:00 UTC: Monday in Berlin, still Sunday in New York.
    const mondayMorning = at("2026-11-30T03:00:00Z");
    const berlin = weekEnds(mondayMorning, "Europe/Berlin");
    const newYork = weekEnds(mondayMorning, "America/New_York");
    expect(insightMondays(mondayMorning, "Europe/Berlin").at(-1)).toBe("2026-11-30");
    expect(insightMondays(mondayMorning, "America/New_York").at(-1)).toBe("2026-11-23");
    expect(berlin.at(-2)?.toISOString()).toBe("2026-11-29T22:59:59.999Z");
    expect(newYork.at(-2)?.toISOString()).toBe("2026-11-23T04:59:59.999Z");
    // Asked again, and at a later hour of the same day, each zone keeps its own weeks; the next day moves them.
    expect(weekEnds(mondayMorning, "Europe/Berlin")).toEqual(berlin);
    expect(weekEnds(at("2026-11-30T04:00:00Z"), "America/New_York").slice(0, -1)).toEqual(newYork.slice(0, -1));
    expect(insightMondays(at("2026-11-30T06:00:00Z"), "America/New_York").at(-1)).toBe("2026-11-30");
  });
});

describe("the weeks of the progress lines (issue 35 row 9)", () => {
  const now = at("2026-11-25T10:00:00Z");

  it("issue 35 row 9: start the week he signed up on his clock, and never more than twelve weeks back", () => {
    // Monday 16 November, 03:00 UTC: still Sunday the 15th in New York.
    const since = at("2026-11-16T03:00:00Z");
    expect(insightMondays(now, "America/New_York", since)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(insightMondays(now, "UTC", since)).toEqual(["2026-11-16", "2026-11-23"]);
    expect(weekEnds(now, "UTC", since)).toEqual([at("2026-11-22T23:59:59.999Z"), now]);
    expect(insightMondays(now, "UTC", now)).toEqual(["2026-11-23"]);
    expect(insightMondays(now, "UTC", at("2025-01-01T00:00:00Z"))).toEqual(insightMondays(now, "UTC"));
  });
});

describe("deadlines kept (issue 27)", () => {
  const milestone = (deadline: string | null, completedAt: string | null) => ({
    milestoneDeadline: deadline ? at(`${deadline}T23:59:59.000Z`) : null,
    milestoneCompleted: completedAt !== null,
    completedAt: completedAt ? at(completedAt) : null,
  });

  it("counts on time, late, overdue and still ahead on his clock", () => {
    const now = at("2026-11-25T12:00:00Z");
    const list = [
      milestone("2026-11-20", "2026-11-19T12:00:00Z"), // on time
      // Ticked at 21:00 on the deadline day in New York, which is 02:00 UTC the day after: on time on his clock.
      milestone("2026-11-20", "2026-11-21T02:00:00Z"),
      milestone("2026-11-20", "2026-11-22T12:00:00Z"), // late
      milestone("2026-11-24", null), // overdue
      milestone("2026-12-24", null), // ahead
      milestone(null, "2026-11-22T12:00:00Z"), // no deadline: not counted
    ];
    expect(deadlineRecord(list, now, "America/New_York")).toEqual({ onTime: 2, late: 1, overdue: 1, upcoming: 1 });
    // On UTC's clock the evening tick was a day late.
    expect(deadlineRecord(list, now, "UTC")).toEqual({ onTime: 1, late: 2, overdue: 1, upcoming: 1 });
  });
});
