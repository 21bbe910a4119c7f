import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { milestones, runValidations, userBadges } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { type Badge, type BadgeFacts, badgeAnswer, newBadges } from "#shared/community/badges.ts";
import { type BadgeId, badgeInfo } from "#shared/community/rules.ts";
import { readStreak } from "./streak.ts";

/** What his badges are judged on, counted from his run, his milestones and his weekly streak now. */
async function badgeFacts(db: Db, userId: string, now: Date): Promise<BadgeFacts> {
  const [[run], [completed], finished, streak] = await Promise.all([
    db.select({ n: count() }).from(runValidations).where(eq(runValidations.userId, userId)),
    db
      .select({ n: count() })
      .from(milestones)
      .where(and(eq(milestones.userId, userId), eq(milestones.milestoneCompleted, true))),
    // A challenge is finished when every one of its milestones is completed.
    db
      .select({ challengeId: milestones.challengeId })
      .from(milestones)
      .where(eq(milestones.userId, userId))
      .groupBy(milestones.challengeId)
      .having(sql`bool_and(${milestones.milestoneCompleted})`),
    readStreak(db, userId, now),
  ]);
  return {
    runValidated: (run?.n ?? 0) > 0,
    milestonesCompleted: completed?.n ?? 0,
    challengesFinished: finished.length,
    longestStreakWeeks: streak.weeks,
  };
}

/**
 * Awards the badges he has earned by `now` and not yet holds: each stored once, never taken back. Two awards at once
 * store each badge once (the unique pair). Answers the ones this call added.
 */
async function awardBadges(db: Db, userId: string, now: Date = new Date()): Promise<BadgeId[]> {
  const held = await db.select({ badgeId: userBadges.badgeId }).from(userBadges).where(eq(userBadges.userId, userId));
  const fresh = newBadges(
    await badgeFacts(db, userId, now),
    held.map((h) => h.badgeId as BadgeId),
  );
  if (fresh.length === 0) return [];
  const added = await db
    .insert(userBadges)
    .values(fresh.map((badgeId) => ({ userId, badgeId, earnedAt: now })))
    .onConflictDoNothing()
    .returning({ badgeId: userBadges.badgeId });
  return added.map((a) => a.badgeId as BadgeId);
}

/** What a service that completes a win needs to award its badges: the database, and a log for a failed award. */
export type WinDeps = { db: Db; log: Pick<Logger, "error"> };

/**
 * Right after a win (his run validated, typed, from a file or by Strava; a milestone completed by hand or by its last
 * todo), so a badge carries the moment of the win. Called by the services that complete a win, once it is committed
 * (issue 57 row 6), never by a route: a new way to finish a win goes through one of them. The win itself is already
 * saved: a failure here is logged, never answered, and the next look at his badges awards what was missed.
 */
export async function awardBadgesAfterWin(deps: WinDeps, userId: string) {
  try {
    await awardBadges(deps.db, userId);
  } catch (err) {
    deps.log.error({ err, userId }, "could not award badges after a win");
  }
}

/** His badges, awarding first the ones he has earned since the last look (decision 0134). */
export async function awardAndReadBadges(db: Db, userId: string, now: Date = new Date()): Promise<Badge[]> {
  await awardBadges(db, userId, now);
  const rows = await db.select().from(userBadges).where(eq(userBadges.userId, userId));
  return rows
    .map((row) => badgeAnswer(row.badgeId as BadgeId, row.earnedAt))
    .sort((a, b) => badgeInfo[a.id].order - badgeInfo[b.id].order);
}
