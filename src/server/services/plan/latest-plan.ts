import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, quizResponses } from "#server/db/schema.ts";

/** The user's current plan: his most recently analyzed quiz response (a retake replaces it once analyzed). */
export async function latestAnalyzedResponse(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(quizResponses)
    .where(and(eq(quizResponses.userId, userId), eq(quizResponses.status, "analyzed")))
    .orderBy(desc(quizResponses.completedAt))
    .limit(1);
  return row ?? null;
}

/**
 * His current plan as a condition on `challenges`, as latestAnalyzedResponse reads it: the most recently analyzed quiz
 * response (the planners' SQL: his reminders, his partners' news, the evening's step).
 */
export const ofCurrentPlan: SQL = sql`${challenges.quizResponseId} = (
  select q.id from quiz_responses q
  where q.user_id = ${challenges.userId} and q.status = 'analyzed'
  order by q.completed_at desc limit 1)`;
