import { z } from "zod";
import { answer } from "../answer.ts";
import { type BadgeId, badgeIds, badgeInfo } from "./rules.ts";

/**
 * Badges (issue 40; the free plan promises them): earned for his validated first run, completed milestones, a finished
 * challenge and weekly streaks kept, and shown on his profile and beside his posts. The rules only, pure: the server
 * gathers the facts, stores what is awarded and when, and asks `newBadges` which to add.
 */

/**
 * What the badges are judged on, as the server counts it now:
 * - runValidated: his first run was validated (the run challenge);
 * - milestonesCompleted: milestones completed across his plans;
 * - challengesFinished: challenges whose three milestones are all completed;
 * - longestStreakWeeks: the longest forgiving weekly streak he has kept, in weeks as `Streak.weeks`
 *   (insights/streak.ts) counts them, rest weeks included. That module answers only the streak running now; as a
 *   badge is never taken back, passing its `weeks` each time the server checks awards a streak badge once reached.
 */
export type BadgeFacts = {
  runValidated: boolean;
  milestonesCompleted: number;
  challengesFinished: number;
  longestStreakWeeks: number;
};

/** When each badge is earned; a count that is not a number (NaN) earns nothing. */
const earnedWhen: Record<BadgeId, (facts: BadgeFacts) => boolean> = {
  "first-run": (f) => f.runValidated,
  "first-milestone": (f) => f.milestonesCompleted >= 1,
  "five-milestones": (f) => f.milestonesCompleted >= 5,
  "challenge-finished": (f) => f.challengesFinished >= 1,
  "streak-4": (f) => f.longestStreakWeeks >= 4,
  "streak-12": (f) => f.longestStreakWeeks >= 12,
};

const byOrder = (a: BadgeId, b: BadgeId) => badgeInfo[a].order - badgeInfo[b].order;

/** The badges these facts earn, in display order. */
export function earnedBadges(facts: BadgeFacts): BadgeId[] {
  return badgeIds.filter((id) => earnedWhen[id](facts)).sort(byOrder);
}

/**
 * The badges to award now: earned and not yet awarded, in display order. Awarding is once: a badge once awarded is
 * never taken back, even when the facts later drop below it (a milestone un-ticked, a plan replaced, a streak ended),
 * so this only ever adds, and one awarded but no longer earned is neither returned nor withdrawn.
 */
export function newBadges(facts: BadgeFacts, alreadyAwarded: readonly BadgeId[]): BadgeId[] {
  const awarded = new Set<BadgeId>(alreadyAwarded);
  return earnedBadges(facts).filter((id) => !awarded.has(id));
}

/** A badge he holds, as answered: `earnedAt` is the moment it was awarded, an ISO 8601 timestamp in UTC. */
export const badgeSchema = answer(
  z.object({
    id: z.enum(badgeIds),
    title: z.string(),
    description: z.string(),
    earnedAt: z.iso.datetime(),
  }),
);
export type Badge = z.infer<typeof badgeSchema>;

/** GET /api/me/badges: his badges, in display order, as his profile shows them. */
export const badgesAnswerSchema = answer(z.object({ badges: z.array(badgeSchema) }));
export type BadgesAnswer = z.infer<typeof badgesAnswerSchema>;

/** A stored award as answered, with its title and description from `badgeInfo`. */
export function badgeAnswer(id: BadgeId, earnedAt: Date): Badge {
  const { title, description } = badgeInfo[id];
  return { id, title, description, earnedAt: earnedAt.toISOString() };
}
