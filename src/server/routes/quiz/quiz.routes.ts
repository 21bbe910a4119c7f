import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { QuizResult } from "../../../shared/plan/contracts.ts";
import { type LatestQuizResponse, submitQuizSchema } from "../../../shared/quiz/contracts.ts";
import type { AuthedEnv } from "../../context.ts";
import { quizResponses } from "../../db/schema.ts";
import { httpError } from "../../http-error.ts";
import { requireUser } from "../../middleware/session.ts";
import { consumeToken, TokenError } from "../../services/tokens/tokens.ts";
import { idParam, validate } from "../onboarding/request-validation.ts";
import { readGenerationState, staleRunCondition, startGeneration } from "./generation-runner.ts";
import { missionOf, readPlanChallenges } from "./plan-read.ts";

const NOT_FOUND = "Quiz response not found";
const STILL_RUNNING = "Your results are still being prepared. Please wait a moment.";

/** The quiz: answers, the generation run that turns them into a plan, and the plan itself. */
export const quizRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/latest", async (c) => {
    const [row] = await c.var.deps.database.db
      .select()
      .from(quizResponses)
      .where(eq(quizResponses.userId, c.var.user.id))
      .orderBy(desc(quizResponses.createdAt))
      .limit(1);
    const body: LatestQuizResponse = {
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
    return c.json(body, 200);
  })
  .post("/responses", validate("json", submitQuizSchema), async (c) => {
    const { answers, responseId } = c.req.valid("json");
    const user = c.var.user;
    const outcome = await c.var.deps.database.db.transaction(async (tx) => {
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
      if (responseId && !named) throw httpError(404, NOT_FOUND);
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
              sql`(${quizResponses.generationStatus} <> 'running' or ${staleRunCondition})`,
            ),
          )
          .returning({ id: quizResponses.id });
        if (!updated) throw httpError(409, STILL_RUNNING);
        return { id: updated.id, created: false };
      }

      // A new response after an analyzed one is a retake: 1 token for free users, logged for premium.
      const [analyzed] = await tx
        .select({ id: quizResponses.id })
        .from(quizResponses)
        .where(and(eq(quizResponses.userId, user.id), eq(quizResponses.status, "analyzed")))
        .limit(1);
      if (analyzed) {
        try {
          await consumeToken(tx, user.id, "quiz_retake");
        } catch (error) {
          if (error instanceof TokenError) throw httpError(error.status, error.message);
          throw error;
        }
      }
      const [created] = await tx
        .insert(quizResponses)
        .values({ userId: user.id, userEmail: user.email, answers, status: "in_progress" })
        .returning({ id: quizResponses.id });
      if (!created) throw new Error("quiz response insert returned nothing");
      return { id: created.id, created: true };
    });
    return c.json({ id: outcome.id }, outcome.created ? 201 : 200);
  })
  .get("/responses/:id", idParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid("param");
    const db = c.var.deps.database.db;
    const [row] = await db
      .select()
      .from(quizResponses)
      .where(and(eq(quizResponses.id, id), eq(quizResponses.userId, c.var.user.id)));
    if (!row) throw httpError(404, NOT_FOUND);
    const result: QuizResult = {
      id: row.id,
      status: row.status,
      answers: row.answers,
      ...missionOf(row),
      challenges: await readPlanChallenges(db, c.var.user.id, row.id),
    };
    return c.json(result, 200);
  })
  .post("/responses/:id/generate", idParam(NOT_FOUND), async (c) => {
    const generation = await startGeneration(c.var.deps, c.var.user.id, c.req.valid("param").id);
    if (!generation) throw httpError(404, NOT_FOUND);
    return c.json({ generation }, 202);
  })
  .get("/responses/:id/generation", idParam(NOT_FOUND), async (c) => {
    const generation = await readGenerationState(c.var.deps, c.var.user.id, c.req.valid("param").id);
    if (!generation) throw httpError(404, NOT_FOUND);
    return c.json(generation, 200);
  });
