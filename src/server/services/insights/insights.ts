import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, todos, users } from "#server/db/schema.ts";
import type { ChallengeProgressLine, Insights } from "#shared/insights/contracts.ts";
import {
  activityGrid,
  deadlineRecord,
  insightMondays,
  type MilestoneHistory,
  progressAt,
  weekEnds,
} from "#shared/insights/rules.ts";
import { streakFromCompletions } from "#shared/insights/streak.ts";
import { todayIn } from "#shared/time.ts";
import { readTimeZone } from "../clock/time-zone.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { readCompletions, readStreakOnlyMoments } from "../wins/streak.ts";

type PlanChallenge = { id: string; title: string; milestones: Array<typeof milestones.$inferSelect> };

/**
 * The accepted challenges of his current plan with their dated milestones, as the dashboard shows them, so the
 * progress lines end where his progress bars stand and the deadline record counts the milestones he sees.
 */
async function readPlanChallenges(db: Db, userId: string): Promise<PlanChallenge[]> {
  const plan = await latestAnalyzedResponse(db, userId);
  if (!plan) return [];
  const rows = await db
    .select({ challenge: { id: challenges.id, title: challenges.title }, milestone: milestones })
    .from(challenges)
    .innerJoin(milestones, eq(milestones.challengeId, challenges.id))
    .where(
      and(
        eq(challenges.userId, userId),
        eq(challenges.quizResponseId, plan.id),
        eq(challenges.challengeAccepted, true),
        eq(milestones.userId, userId),
        isNotNull(milestones.milestoneDeadline),
      ),
    )
    .orderBy(asc(challenges.position), asc(challenges.createdAt));
  const byId = new Map<string, PlanChallenge>();
  for (const { challenge, milestone } of rows) {
    const entry = byId.get(challenge.id) ?? { ...challenge, milestones: [] };
    entry.milestones.push(milestone);
    byId.set(challenge.id, entry);
  }
  return [...byId.values()];
}

async function readTodoTimes(db: Db, userId: string, milestoneIds: string[]) {
  if (milestoneIds.length === 0) return [];
  return db
    .select({ milestoneId: todos.milestoneId, completedAt: todos.completedAt })
    .from(todos)
    .where(and(eq(todos.userId, userId), inArray(todos.milestoneId, milestoneIds)));
}

/** When he signed up: the progress lines start in that week (issue 35 row 9). */
async function readSignedUpAt(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt;
}

/** Everything the insights page draws, for this user only, dated on his clock. */
export async function readInsights(db: Db, userId: string, now: Date): Promise<Insights> {
  const timeZone = await readTimeZone(db, userId);
  const signedUpAt = await readSignedUpAt(db, userId);
  const completions = await readCompletions(db, userId);
  const streakOnly = await readStreakOnlyMoments(db, userId);
  const planChallenges = await readPlanChallenges(db, userId);
  const planMilestones = planChallenges.flatMap((c) => c.milestones);
  const todoTimes = await readTodoTimes(
    db,
    userId,
    planMilestones.map((m) => m.id),
  );
  const ends = weekEnds(now, timeZone, signedUpAt);
  const lines: ChallengeProgressLine[] = planChallenges.map((challenge) => {
    const history: MilestoneHistory[] = challenge.milestones.map((m) => ({
      milestoneType: m.milestoneType,
      completedAt: m.completedAt,
      todos: todoTimes.filter((t) => t.milestoneId === m.id),
    }));
    return { id: challenge.id, title: challenge.title, points: ends.map((at) => progressAt(history, at)) };
  });
  return {
    timeZone,
    today: todayIn(timeZone, now),
    streak: streakFromCompletions([...completions, ...streakOnly], now, timeZone),
    activity: activityGrid(completions, now, timeZone),
    progress: { weeks: insightMondays(now, timeZone, signedUpAt), challenges: lines },
    deadlines: deadlineRecord(planMilestones, now, timeZone),
  };
}
