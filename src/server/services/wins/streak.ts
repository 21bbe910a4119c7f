import { and, eq, isNotNull } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { milestones, phoneDownAnswers, runValidations, todos } from "#server/db/schema.ts";
import { type Streak, streakFromCompletions } from "#shared/insights/streak.ts";
import { readTimeZone } from "../clock/time-zone.ts";

/*
 * His wins, whatever plan they were in: the moments the streak counts (here) and the badges they earn (badges.ts).
 * Below the plan, the insights, the reminders and the community, which all read them, and importing none of them
 * (decision 0172): the services that complete a win award its badges from here.
 */

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
