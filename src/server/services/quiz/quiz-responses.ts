import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { quizResponses } from "#server/db/schema.ts";
import type { QuizResult } from "#shared/plan/contracts.ts";
import type { LatestQuizResponse, submitQuizSchema } from "#shared/quiz/contracts.ts";
import { memberPlan } from "../billing/member-plan.ts";
import { DomainError } from "../domain-error.ts";
import { staleRunCondition } from "../generation/generation-runner.ts";
import { missionOf, readPlanChallenges } from "../plan/plan-read.ts";
import { consumeToken } from "../tokens/tokens.ts";

type Submission = z.output<typeof submitQuizSchema>;

/** The user's most recent quiz response, finished or not. */
export async function latestQuizResponse(db: Db, userId: string): Promise<LatestQuizResponse> {
  const [row] = await db
    .select()
    .from(quizResponses)
    .where(eq(quizResponses.userId, userId))
    .orderBy(desc(quizResponses.createdAt))
    .limit(1);
  return {
    response: row
      ? {
          id: row.id,
          status: row.status,
          generationStatus: row.generationStatus,
          answers: row.answers,
          completedAt: row.completedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * Stores a submission. An unfinished response takes the answers in place; a new response after an analyzed one is a
 * retake, 1 token for free users (logged for premium). `created` tells a new response from a reused one.
 */
export async function submitQuiz(
  db: Db,
  user: { id: string; email: string },
  { answers, responseId }: Submission,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // One submission per user at a time: a double click waits here and then reuses the first one's response.
    await tx.execute(sql`select 1 from profiles where id = ${user.id} for update`);
    const [latest] = await tx
      .select()
      .from(quizResponses)
      .where(eq(quizResponses.userId, user.id))
      .orderBy(desc(quizResponses.createdAt))
      .limit(1);
    const [named] = responseId
      ? await tx
          .select()
          .from(quizResponses)
          .where(and(eq(quizResponses.id, responseId), eq(quizResponses.userId, user.id)))
      : [];
    if (responseId && !named) throw new DomainError("quiz.notFound");
    // Editing an analyzed plan is a retake; if one is already under way (a double click), it takes the answers.
    const target = named?.status === "in_progress" ? named : latest;

    // An unfinished response (never generated, or failed) takes the new answers in place: no second charge.
    if (target && target.status === "in_progress") {
      const [updated] = await tx
        .update(quizResponses)
        .set({ answers, generationStatus: "idle", generationStage: null, generationError: null })
        .where(
          and(
            eq(quizResponses.id, target.id),
            sql`(${quizResponses.generationStatus} <> 'running' or ${staleRunCondition(new Date())})`,
          ),
        )
        .returning({ id: quizResponses.id });
      if (!updated) throw new DomainError("quiz.stillRunning");
      return { id: updated.id, created: false };
    }

    const [analyzed] = await tx
      .select({ id: quizResponses.id })
      .from(quizResponses)
      .where(and(eq(quizResponses.userId, user.id), eq(quizResponses.status, "analyzed")))
      .limit(1);
    if (analyzed) await consumeToken(tx, user.id, "quiz_retake");
    const [created] = await tx
      .insert(quizResponses)
      .values({ userId: user.id, userEmail: user.email, answers, status: "in_progress" })
      .returning({ id: quizResponses.id });
    if (!created) throw new Error("quiz response insert returned nothing");
    return { id: created.id, created: true };
  });
}

/** One quiz response of this user with its mission and plan. */
export async function readQuizResult(db: Db, userId: string, id: string): Promise<QuizResult> {
  const [row] = await db
    .select()
    .from(quizResponses)
    .where(and(eq(quizResponses.id, id), eq(quizResponses.userId, userId)));
  if (!row) throw new DomainError("quiz.notFound");
  const { premium, plan } = await memberPlan(db, userId);
  return {
    id: row.id,
    status: row.status,
    answers: row.answers,
    ...missionOf(row),
    challenges: await readPlanChallenges(db, userId, row.id),
    challengeLimit: { maxActive: plan.maxActiveChallenges, premium },
  };
}
