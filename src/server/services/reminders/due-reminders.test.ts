import { describe, expect, it } from "vitest";
import { localTime } from "#shared/time.ts";
import { deadlineRemindersDue, weeklySummaryDue } from "./due-reminders.ts";

/** What is due at `iso` for a user in `zone`: his milestone due `dueDay` (end of that UTC day) and his week. */
function dueAt(iso: string, zone: string, dueDay: string) {
  const now = new Date(iso);
  const local = localTime(now, zone);
  const milestone = { id: "m", userId: "u", deadline: new Date(`${dueDay}T23:59:59.000Z`), completed: false };
  return [...deadlineRemindersDue(milestone, local, now), ...weeklySummaryDue("u", local)].map(
    (r) => `${r.kind} ${r.subjectKey}`,
  );
}

describe("which reminders are due at awkward moments (issue 24 #2)", () => {
  it("on Sunday 23:40 UTC: Sunday night in London, Monday night in Berlin, and Monday 08:00 brings the week", () => {
    expect(dueAt("2026-11-29T23:40:00Z", "UTC", "2026-12-10")).toEqual([]);
    expect(dueAt("2026-11-29T23:40:00Z", "Europe/Berlin", "2026-12-10")).toEqual([]);
    expect(dueAt("2026-11-30T07:00:00Z", "Europe/Berlin", "2026-12-10")).toEqual(["weekly_summary 2026-W49"]);
    expect(dueAt("2026-11-30T07:59:00Z", "UTC", "2026-12-10")).toEqual([]);
  });

  it("on a Tuesday whose deadline falls on Sunday: overdue and the weekly summary on the Monday, each its own", () => {
    expect(dueAt("2026-11-28T09:00:00Z", "UTC", "2026-11-29")).toEqual(["due_tomorrow m:2026-11-29"]);
    expect(dueAt("2026-11-30T09:00:00Z", "UTC", "2026-11-29")).toEqual([
      "overdue m:2026-11-29",
      "weekly_summary 2026-W49",
    ]);
  });

  it("over New Year: the day before on 30 December, overdue on 1 January wherever the year turned first", () => {
    expect(dueAt("2027-12-30T08:00:00Z", "UTC", "2027-12-31")).toEqual(["due_tomorrow m:2027-12-31"]);
    // 23:50 UTC on New Year's Eve: past midnight in Berlin (night), 08:50 in Tokyo but the deadline has not passed.
    expect(dueAt("2027-12-31T23:50:00Z", "Europe/Berlin", "2027-12-31")).toEqual([]);
    expect(dueAt("2027-12-31T23:50:00Z", "Asia/Tokyo", "2027-12-31")).toEqual([]);
    expect(dueAt("2028-01-01T00:00:00Z", "Asia/Tokyo", "2027-12-31")).toEqual(["overdue m:2027-12-31"]);
    expect(dueAt("2028-01-01T07:00:00Z", "Europe/Berlin", "2027-12-31")).toEqual(["overdue m:2027-12-31"]);
    // The first Monday of 2028 is in ISO week 1 of 2028; the Monday before belongs to the last week of 2027.
    expect(dueAt("2028-01-03T08:00:00Z", "UTC", "2028-02-01")).toEqual(["weekly_summary 2028-W01"]);
    expect(dueAt("2027-12-27T08:00:00Z", "UTC", "2028-02-01")).toEqual(["weekly_summary 2027-W52"]);
  });

  it("around the leap day, which follows a Monday in 2028", () => {
    expect(dueAt("2028-02-28T10:00:00Z", "UTC", "2028-02-29")).toEqual([
      "due_tomorrow m:2028-02-29",
      "weekly_summary 2028-W09",
    ]);
    expect(dueAt("2028-02-29T12:00:00Z", "UTC", "2028-03-01")).toEqual(["due_tomorrow m:2028-03-01"]);
    expect(dueAt("2028-02-29T12:00:00Z", "UTC", "2028-02-29")).toEqual([]);
    expect(dueAt("2028-03-01T08:00:00Z", "UTC", "2028-02-29")).toEqual(["overdue m:2028-02-29"]);
  });

  it("across Berlin's summer-time switches: from 08:00 on his clock, whichever offset it has that day", () => {
    // Spring: Saturday 08:00 is 07:00 UTC; Monday 08:00 is 06:00 UTC.
    expect(dueAt("2027-03-27T06:59:00Z", "Europe/Berlin", "2027-03-28")).toEqual([]);
    expect(dueAt("2027-03-27T07:00:00Z", "Europe/Berlin", "2027-03-28")).toEqual(["due_tomorrow m:2027-03-28"]);
    expect(dueAt("2027-03-28T06:00:00Z", "Europe/Berlin", "2027-03-28")).toEqual([]);
    expect(dueAt("2027-03-29T05:59:00Z", "Europe/Berlin", "2027-03-28")).toEqual([]);
    expect(dueAt("2027-03-29T06:00:00Z", "Europe/Berlin", "2027-03-28")).toEqual([
      "overdue m:2027-03-28",
      "weekly_summary 2027-W13",
    ]);
    // Autumn: Sunday 31 October starts at 08:00 CEST = 06:00 UTC, ends in CET; Sunday 08:00 is 07:00 UTC.
    expect(dueAt("2027-10-30T06:00:00Z", "Europe/Berlin", "2027-10-31")).toEqual(["due_tomorrow m:2027-10-31"]);
    expect(dueAt("2027-10-31T06:59:00Z", "Europe/Berlin", "2027-11-01")).toEqual([]);
    expect(dueAt("2027-10-31T07:00:00Z", "Europe/Berlin", "2027-11-01")).toEqual(["due_tomorrow m:2027-11-01"]);
    expect(dueAt("2027-10-31T20:59:00Z", "Europe/Berlin", "2027-11-01")).toEqual(["due_tomorrow m:2027-11-01"]);
    expect(dueAt("2027-10-31T21:00:00Z", "Europe/Berlin", "2027-11-01")).toEqual([]);
  });
});
