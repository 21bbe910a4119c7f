import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, phoneDownAnswers, runValidations, todos, users } from "#server/db/schema.ts";
import type { ChallengeProgressLine, Insights } from "#shared/insights/contracts.ts";
import {
  activityGrid,
  deadlineRecord,
  insightMondays,
  type MilestoneHistory,
  progressAt,
  weekEnds,
} from "#shared/insights/rules.ts";
import { type Streak, streakFromCompletions } from "#shared/insights/streak.ts";
import { todayIn } from "#shared/time.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { readTimeZone } from "../reminders/settings.ts";

/**
 * Every moment he completed a todo or a milestone, in any plan he ever had: a week he got something done counts,
 * whichever plan it was in. A todo that completes its milestone is two things done, as the grid counts them.
 */
async function readCompletions(db: Db, userId: string): Promise<Date[]> {
  const rows = await unionAll(
    db
      .select({ at: todos.completedAt })
      .from(todos)
      .where(and(eq(todos.userId, userId), isNotNull(todos.completedAt))),
    db
      .select({ at: milestones.completedAt })
      .from(milestones)
      .where(and(eq(milestones.userId, userId), isNotNull(milestones.completedAt))),
  );
  return rows.flatMap((row) => (row.at ? [row.at] : []));
}

/**
 * When he validated his run challenge, if he has (issue 53 row 7, decision 0150): the run is the first step of his
 * streak, so the day-one dashboard does not tell a man who just ran 80 minutes that he has no streak yet. It counts
 * for the streak alone; the activity grid counts the todos and milestones of his plans.
 */
async function readRunValidatedAt(db: Db, userId: string): Promise<Date[]> {
  const rows = await db
    .select({ at: runValidations.createdAt })
    .from(runValidations)
    .where(eq(runValidations.userId, userId));
  return rows.map((row) => row.at);
}

/**
 * When he answered the evening's "Phone down" (issue 55, decision 0161): a daily step, so each answer counts for the
 * streak like a todo done, in the week of the moment he tapped it. For the streak alone, as the run is.
 */
async function readPhoneDownAt(db: Db, userId: string): Promise<Date[]> {
  const rows = await db
    .select({ at: phoneDownAnswers.answeredAt })
    .from(phoneDownAnswers)
    .where(eq(phoneDownAnswers.userId, userId));
  return rows.map((row) => row.at);
}

/** What only the streak counts besides his completions: the validated run and the evenings' answers. */
async function readStreakOnlyMoments(db: Db, userId: string): Promise<Date[]> {
  return [...(await readRunValidatedAt(db, userId)), ...(await readPhoneDownAt(db, userId))];
}

/** His weekly streak on his clock (the dashboard, and both Monday summaries with `timeZone` already known). */
export async function readStreak(db: Db, userId: string, now: Date, timeZone?: string): Promise<Streak> {
  const zone = timeZone ?? (await readTimeZone(db, userId));
  const moments = [...(await readCompletions(db, userId)), ...(await readStreakOnlyMoments(db, userId))];
  return streakFromCompletions(moments, now, zone);
}

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
