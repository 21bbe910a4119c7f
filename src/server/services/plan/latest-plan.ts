import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { quizResponses } from "#server/db/schema.ts";

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
