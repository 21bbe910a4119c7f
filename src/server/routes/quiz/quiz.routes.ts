import { Hono } from "hono";
import { submitQuizSchema } from "../../../shared/quiz/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { idParam, validate } from "../../http/validation.ts";
import { readGenerationState, startGeneration } from "../../services/generation/generation-runner.ts";
import { latestQuizResponse, readQuizResult, submitQuiz } from "../../services/quiz/quiz-responses.ts";

/** The quiz: answers, the generation run that turns them into a plan, and the plan itself. */
export const quizRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/latest", async (c) => {
    return c.json(await latestQuizResponse(c.var.deps.database.db, c.var.user.id), 200);
  })
  .post("/responses", validate("json", submitQuizSchema), async (c) => {
    const { id, created } = await submitQuiz(c.var.deps.database.db, c.var.user, c.req.valid("json"));
    return created ? c.json({ id }, 201) : c.json({ id }, 200);
  })
  .get("/responses/:id", idParam("quiz.notFound"), async (c) => {
    return c.json(await readQuizResult(c.var.deps.database.db, c.var.user.id, c.req.valid("param").id), 200);
  })
  .post("/responses/:id/generate", idParam("quiz.notFound"), async (c) => {
    const generation = await startGeneration(c.var.deps, c.var.user.id, c.req.valid("param").id);
    return c.json({ generation }, 202);
  })
  .get("/responses/:id/generation", idParam("quiz.notFound"), async (c) => {
    return c.json(await readGenerationState(c.var.deps, c.var.user.id, c.req.valid("param").id), 200);
  });
