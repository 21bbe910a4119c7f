import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { readGenerationState, startGeneration } from "#server/services/generation/generation-runner.ts";
import { latestQuizResponse, readQuizResult, submitQuiz } from "#server/services/quiz/quiz-responses.ts";
import { quizResultSchema } from "#shared/plan/contracts.ts";
import {
  generationStartedSchema,
  generationStateSchema,
  latestQuizResponseSchema,
  quizSubmittedSchema,
  submitQuizSchema,
} from "#shared/quiz/contracts.ts";
import { quizMessages } from "#shared/quiz/rules.ts";

/** The quiz: answers, the generation run that turns them into a plan, and the plan itself. */
export const quizRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get(
    "/latest",
    documented({
      tag: "Quiz and plan",
      summary: "His latest self-assessment and its generation status.",
      description: "`{ response: {id, status, generationStatus, answers, completedAt} \\| null }`",
      ok: {
        200: {
          description: "`{response: {id, status, generationStatus, answers, completedAt} | null}`",
          body: latestQuizResponseSchema,
        },
      },
    }),
    async (c) => {
      return c.json(await latestQuizResponse(c.get("deps").database.db, c.get("user").id), 200);
    },
  )
  .post(
    "/responses",
    documented({
      tag: "Quiz and plan",
      summary: "Submit the five answers (a retake after an analyzed plan costs a token on the free plan).",
      description:
        "Body `{answers: 5 × {question, answer}, responseId?}`. 201 `{id}` created, 200 `{id}` reused. Tags stripped, blank → 400. An unfinished (in_progress, not running) response takes the answers in place. A new response after an analyzed one is a retake: 1 token (`quiz_retake`) for free users, logged for premium, 402 without tokens; the old plan stays until the new one is analyzed. 409 while generating; 404 for a `responseId` that is not his.",
      ok: {
        201: { description: "`{id}`: a new response", body: quizSubmittedSchema },
        200: { description: "`{id}`: the unfinished one took the answers", body: quizSubmittedSchema },
      },
      errors: ["tokens.insufficient", "quiz.stillRunning", "quiz.notFound"],
    }),
    validate("json", submitQuizSchema),
    async (c) => {
      const { id, created } = await submitQuiz(c.get("deps").database.db, c.get("user"), c.req.valid("json"));
      return created ? c.json({ id }, 201) : c.json({ id }, 200);
    },
  )
  .get(
    "/responses/:id",
    documented({
      tag: "Quiz and plan",
      summary: "The plan: mission, challenges and their milestones, and his plan's limit of accepted challenges.",
      description:
        "`{id, status, answers, lifeMission, missionStatement, vision, screenToActionPlan, accountabilityFramework, challenges: [{id, position, title, description, insight, challengeAccepted, screenToAction, accountabilityFramework, milestones: [{id, milestoneType, milestoneDescription, milestoneDeadline, milestoneCompleted}]}], challengeLimit: {maxActive, premium}}` (milestones immediate → short_term → medium_term; `challengeLimit` is the user's plan limit of accepted challenges)",
      ok: { 200: { description: "`QuizResult` (src/shared/quiz/contracts.ts)", body: quizResultSchema } },
      errors: ["quiz.notFound"],
    }),
    idParam("quiz.notFound"),
    async (c) => {
      return c.json(await readQuizResult(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id), 200);
    },
  )
  .post(
    "/responses/:id/generate",
    documented({
      tag: "Quiz and plan",
      summary: "Start the AI plan for these answers; concurrent calls start one run.",
      description:
        '202 `{generation}`. Starts the run unless it is running or done (one conditional UPDATE: concurrent calls start one run). A run still "running" after 5 minutes counts as dead and may be restarted.',
      ok: { 202: { description: "`{generation}`: the run's state", body: generationStartedSchema } },
      errors: ["quiz.notFound"],
    }),
    idParam("quiz.notFound"),
    async (c) => {
      const generation = await startGeneration(c.get("deps"), c.get("user").id, c.req.valid("param").id);
      return c.json({ generation }, 202);
    },
  )
  .get(
    "/responses/:id/generation",
    documented({
      tag: "Quiz and plan",
      summary: "The run's state and the plan written so far, for the processing screen to poll (decision 0110).",
      description: `\`{status: idle\\|running\\|done\\|failed, stage: analyzing\\|mission\\|challenges\\|milestones\\|done\\|null, error, preview}\`. \`preview\` while running: \`{mission: {lifeMission, missionStatement} \\| null, challenges: [{title, description}]}\`, the parts written so far, each whole (decision 0110); null otherwise. A run older than 5 minutes reads as failed (its server died), so the screen offers Try Again. Over the daily cap of model generations the run fails with \`${quizMessages.dailyLimit}\``,
      ok: { 200: { description: "`GenerationState`: `{status, stage, error, preview}`", body: generationStateSchema } },
      errors: ["quiz.notFound"],
    }),
    idParam("quiz.notFound"),
    async (c) => {
      return c.json(await readGenerationState(c.get("deps"), c.get("user").id, c.req.valid("param").id), 200);
    },
  );
