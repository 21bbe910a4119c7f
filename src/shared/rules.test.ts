import { describe, expect, it } from "vitest";
import {
  challengeProgress,
  earliestDeadlineDay,
  isDeadlineInPast,
  isOverdue,
  normalizeDeadline,
} from "./plan/rules.ts";
import { generationProgress, isAnswerFilled, stripTags } from "./quiz/rules.ts";
import { maxDurationInputSchema } from "./run-challenge/contracts.ts";
import { challengeSecondsLeft, formatCountdown, minutesShortOfTarget, targetMinutes } from "./run-challenge/rules.ts";
import { effectiveFreeBalance } from "./tokens/rules.ts";

describe("run challenge rules", () => {
  it("says by how much today's run fell short of the target, never a negative amount", () => {
    expect(minutesShortOfTarget(90, 120)).toBe(30);
    expect(minutesShortOfTarget(120, 120)).toBe(0);
    expect(minutesShortOfTarget(150, 120)).toBe(0);
  });

  it("targets 1.5 × the longest run, rounded up, and 60 minutes for someone who never ran", () => {
    expect(targetMinutes(60)).toBe(90);
    expect(targetMinutes(120)).toBe(180);
    expect(targetMinutes(45)).toBe(68);
    expect(targetMinutes(null)).toBe(60);
    // The one-hour rule holds for short runners too: 1.5 × 20 would be only 30 minutes.
    expect(targetMinutes(20)).toBe(60);
    expect(targetMinutes(40)).toBe(60);
    expect(targetMinutes(41)).toBe(62);
  });

  it("counts 24 hours down from the acceptance and never below zero", () => {
    const accepted = new Date("2026-03-01T10:00:00Z");
    expect(challengeSecondsLeft(accepted, new Date("2026-03-01T10:00:00Z"))).toBe(86_400);
    expect(formatCountdown(challengeSecondsLeft(accepted, new Date("2026-03-01T11:01:01Z")))).toBe("22:58:59");
    expect(challengeSecondsLeft(accepted, new Date("2026-03-03T00:00:00Z"))).toBe(0);
  });

  it("validates the maximum-duration input with SPEC's three messages", () => {
    const message = (v: string) => maxDurationInputSchema.safeParse(v).error?.issues[0]?.message;
    expect(message("")).toBe("Please enter your maximum running duration");
    expect(message("abc")).toBe("Please enter a valid duration (at least 1 minute)");
    expect(message("0")).toBe("Please enter a valid duration (at least 1 minute)");
    expect(message("1441")).toBe("Duration cannot exceed 1440 minutes (24 hours)");
    expect(maxDurationInputSchema.parse("90")).toBe(90);
  });
});

describe("quiz rules", () => {
  it("strips tags and treats tag-only answers as blank", () => {
    expect(stripTags("I <b>love</b> <script>x</script>running")).toBe("I love xrunning");
    expect(isAnswerFilled("  <br/> ")).toBe(false);
    expect(isAnswerFilled("3 < 4")).toBe(true);
  });

  it("turns stages into progress", () => {
    expect(generationProgress({ status: "running", stage: "analyzing" })).toBe(0);
    expect(generationProgress({ status: "running", stage: "challenges" })).toBe(50);
    expect(generationProgress({ status: "done", stage: "done" })).toBe(100);
    // While the challenges stream in (issue 28), each one that completes moves the bar on, never past the next stage.
    const writing = (n: number) =>
      generationProgress({ status: "running", stage: "mission", preview: { challenges: Array(n).fill({}) } });
    expect([0, 1, 2, 3].map(writing)).toEqual([25, 33, 42, 50]);
  });
});

describe("deadlines, overdue and progress", () => {
  it("stores a date-only deadline as the end of that day in UTC and rejects impossible dates", () => {
    expect(normalizeDeadline("2026-03-01")).toBe("2026-03-01T23:59:59.000Z");
    expect(normalizeDeadline("2026-03-01T08:30:00+02:00")).toBe("2026-03-01T06:30:00.000Z");
    expect(normalizeDeadline("2026-02-30")).toBeNull();
    expect(normalizeDeadline("next friday")).toBeNull();
  });

  it("accepts today in every time zone but not yesterday", () => {
    const now = new Date("2026-03-02T05:00:00Z"); // still March 1st in UTC−8
    expect(earliestDeadlineDay(now)).toBe("2026-03-01");
    expect(isDeadlineInPast("2026-03-01T23:59:59.000Z", now)).toBe(false);
    expect(isDeadlineInPast("2026-02-28T23:59:59.000Z", now)).toBe(true);
  });

  it("marks a milestone overdue only when its deadline passed and it is not completed", () => {
    const now = new Date("2026-03-02T00:00:00Z");
    const deadline = "2026-03-01T23:59:59.000Z";
    expect(isOverdue({ milestoneDeadline: deadline, milestoneCompleted: false }, now)).toBe(true);
    expect(isOverdue({ milestoneDeadline: deadline, milestoneCompleted: true }, now)).toBe(false);
    expect(isOverdue({ milestoneDeadline: null, milestoneCompleted: false }, now)).toBe(false);
  });

  it("weighs each milestone a third, by its todos when it has some", () => {
    expect(
      challengeProgress([{ milestoneCompleted: true }, { milestoneCompleted: false }, { milestoneCompleted: false }]),
    ).toBe(33);
    expect(
      challengeProgress([
        { milestoneCompleted: true },
        { milestoneCompleted: false, todos: [{ todoCompleted: true }, { todoCompleted: false }] },
        { milestoneCompleted: false, todos: [] },
      ]),
    ).toBe(50);
    expect(
      challengeProgress([{ milestoneCompleted: true }, { milestoneCompleted: true }, { milestoneCompleted: true }]),
    ).toBe(100);
  });
});

describe("token display", () => {
  it("shows a balance from an earlier month as this month's 5", () => {
    const now = new Date("2026-04-02T00:00:00Z");
    expect(effectiveFreeBalance(0, "2026-03", now)).toBe(5);
    expect(effectiveFreeBalance(2, "2026-04", now)).toBe(2);
    expect(effectiveFreeBalance(-3, "2026-04", now)).toBe(0);
  });
});
