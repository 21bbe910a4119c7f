import { describe, expect, it } from "vitest";
import { type BadgeFacts, badgeAnswer, badgeSchema, badgesAnswerSchema, earnedBadges, newBadges } from "./badges.ts";
import { type BadgeId, badgeIds, badgeInfo } from "./rules.ts";

/** A brand-new user: nothing validated, completed or kept yet. */
const NONE: BadgeFacts = { runValidated: false, milestonesCompleted: 0, challengesFinished: 0, longestStreakWeeks: 0 };
const EVERYTHING: BadgeFacts = {
  runValidated: true,
  milestonesCompleted: 9,
  challengesFinished: 3,
  longestStreakWeeks: 30,
};

const facts = (changes: Partial<BadgeFacts>): BadgeFacts => ({ ...NONE, ...changes });

describe("badges (issue 40)", () => {
  it("gives a brand-new user none", () => {
    expect(earnedBadges(NONE)).toEqual([]);
    expect(newBadges(NONE, [])).toEqual([]);
  });

  it("gives a user with everything all six, in display order", () => {
    expect(earnedBadges(EVERYTHING)).toEqual([
      "first-run",
      "first-milestone",
      "five-milestones",
      "challenge-finished",
      "streak-4",
      "streak-12",
    ]);
    expect(newBadges(EVERYTHING, [])).toEqual(earnedBadges(EVERYTHING));
  });

  it("lists the badges in display order, each with a title, a one-line description and its own order", () => {
    const orders = badgeIds.map((id) => badgeInfo[id].order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(badgeIds.length);
    for (const id of badgeIds) {
      const { title, description } = badgeInfo[id];
      expect(title.trim()).not.toBe("");
      expect(description.trim()).not.toBe("");
      expect(description).not.toContain("\n");
      expect(`${title} ${description}`).not.toContain("!");
    }
    expect(badgeInfo["first-run"]).toMatchObject({
      title: "First run",
      description: "Ran longer than ever before, phone in airplane mode.",
    });
  });

  describe("each badge's threshold, just below and at", () => {
    const cases: Array<[BadgeId, Partial<BadgeFacts>, Partial<BadgeFacts>]> = [
      ["first-run", { runValidated: false }, { runValidated: true }],
      ["first-milestone", { milestonesCompleted: 0 }, { milestonesCompleted: 1 }],
      ["five-milestones", { milestonesCompleted: 4 }, { milestonesCompleted: 5 }],
      ["challenge-finished", { challengesFinished: 0 }, { challengesFinished: 1 }],
      ["streak-4", { longestStreakWeeks: 3 }, { longestStreakWeeks: 4 }],
      ["streak-12", { longestStreakWeeks: 11 }, { longestStreakWeeks: 12 }],
    ];
    for (const [id, below, at] of cases) {
      it(id, () => {
        expect(earnedBadges(facts(below))).not.toContain(id);
        expect(earnedBadges(facts(at))).toContain(id);
        // Everything else as high as it goes: the badge still waits for its own fact.
        expect(earnedBadges({ ...EVERYTHING, ...below })).not.toContain(id);
      });
    }
  });

  it("earns the lower badges of a fact with the higher one", () => {
    expect(earnedBadges(facts({ milestonesCompleted: 5 }))).toEqual(["first-milestone", "five-milestones"]);
    expect(earnedBadges(facts({ longestStreakWeeks: 12 }))).toEqual(["streak-4", "streak-12"]);
    // A finished challenge is three completed milestones.
    expect(earnedBadges(facts({ milestonesCompleted: 3, challengesFinished: 1 }))).toEqual([
      "first-milestone",
      "challenge-finished",
    ]);
  });

  it("earns nothing from counts that are not numbers", () => {
    expect(
      earnedBadges(facts({ milestonesCompleted: Number.NaN, challengesFinished: -1, longestStreakWeeks: Number.NaN })),
    ).toEqual([]);
  });

  describe("awarding, once", () => {
    it("never awards a badge again", () => {
      const first = newBadges(facts({ runValidated: true, milestonesCompleted: 1 }), []);
      expect(first).toEqual(["first-run", "first-milestone"]);
      expect(newBadges(facts({ runValidated: true, milestonesCompleted: 1 }), first)).toEqual([]);
      expect(newBadges(EVERYTHING, badgeIds)).toEqual([]);
    });

    it("answers only the newly earned, in display order, whatever order the awarded ones come in", () => {
      expect(newBadges(EVERYTHING, ["streak-12", "first-milestone", "first-run"])).toEqual([
        "five-milestones",
        "challenge-finished",
        "streak-4",
      ]);
    });

    it("ignores badges awarded but no longer earned: neither answered nor taken back", () => {
      // He un-ticked milestones and replaced his plan; his streak ended. What he was awarded stays his.
      const awarded: BadgeId[] = ["first-milestone", "five-milestones", "challenge-finished", "streak-4"];
      expect(newBadges(NONE, awarded)).toEqual([]);
      expect(newBadges(facts({ runValidated: true, milestonesCompleted: 2 }), awarded)).toEqual(["first-run"]);
    });
  });

  describe("the answer", () => {
    it("parses a list of awarded badges with their titles and descriptions", () => {
      const list = [badgeAnswer("streak-4", new Date("2026-11-23T09:30:00Z"))];
      expect(list[0]).toEqual({
        id: "streak-4",
        title: "Four-week streak",
        description: badgeInfo["streak-4"].description,
        earnedAt: "2026-11-23T09:30:00.000Z",
      });
      expect(badgesAnswerSchema.parse({ badges: list })).toEqual({ badges: list });
      expect(badgesAnswerSchema.parse({ badges: [] })).toEqual({ badges: [] });
    });

    it("refuses an unknown id and an earnedAt that is not an ISO timestamp", () => {
      const badge = badgeAnswer("first-run", new Date("2026-11-23T09:30:00Z"));
      expect(badgeSchema.safeParse({ ...badge, id: "streak-52" }).success).toBe(false);
      expect(badgeSchema.safeParse({ ...badge, earnedAt: "23 November 2026" }).success).toBe(false);
      expect(badgeSchema.safeParse({ ...badge, earnedAt: "2026-11-23" }).success).toBe(false);
    });
  });
});
