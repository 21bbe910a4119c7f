import { z } from "zod";
import { answer } from "../answer.ts";
import { userText } from "../text.ts";
import { QUIZ_QUESTION_COUNT } from "./questions.ts";
import { generationStages, generationStatuses, QUIZ_ANSWER_MAX_LENGTH, quizMessages, stripTags } from "./rules.ts";

/** Requests and answers of the quiz and its generation run. */

export const quizStatuses = ["in_progress", "analyzed"] as const;
export type QuizStatus = (typeof quizStatuses)[number];

const answerText = userText({
  max: QUIZ_ANSWER_MAX_LENGTH,
  multiline: true,
  prepare: stripTags,
  messages: { required: quizMessages.answerRequired, tooLong: quizMessages.answerTooLong },
});

const quizAnswerSchema = z.object({
  question: userText({ max: 500, multiline: true, messages: { required: quizMessages.answerCount } }),
  answer: answerText,
});

/** An answer as stored and answered back: plain strings (the request's checks and trimming are behind it). */
export const storedQuizAnswerSchema = answer(z.object({ question: z.string(), answer: z.string() }));
export type QuizAnswer = z.infer<typeof storedQuizAnswerSchema>;

/**
 * POST /api/quiz/responses. Without responseId a new response is created (a retake when the user already has an
 * analyzed one: 1 token for free users). With responseId (edit mode) the answers of that in-progress response are
 * replaced; for an analyzed response a new response is created instead — always continue with the returned id.
 */
export const submitQuizSchema = z.object({
  answers: z
    .array(quizAnswerSchema, { error: quizMessages.answerCount })
    .length(QUIZ_QUESTION_COUNT, quizMessages.answerCount),
  responseId: z.uuid("Invalid quiz response id").optional(),
});
export type SubmitQuizRequest = z.input<typeof submitQuizSchema>;

/**
 * The plan as far as it is written (issue 28): the mission once it is whole, then each challenge as it completes.
 * Never half a sentence: a part shows once it is complete and valid on its own.
 */
const planPreviewSchema = z.object({
  mission: z.object({ lifeMission: z.string(), missionStatement: z.string() }).nullable(),
  challenges: z.array(z.object({ title: z.string(), description: z.string() })),
});
export type PlanPreview = z.infer<typeof planPreviewSchema>;

/** GET /api/quiz/responses/:id/generation (and `generation` of POST .../generate). */
export const generationStateSchema = answer(
  z.object({
    status: z.enum(generationStatuses),
    stage: z.enum(generationStages).nullable(),
    error: z.string().nullable(),
    /** While the run goes: what is written so far; null before anything is. */
    preview: planPreviewSchema.nullable(),
  }),
);
export type GenerationState = z.infer<typeof generationStateSchema>;

/** POST /api/quiz/responses/:id/generate: the run's state. */
export const generationStartedSchema = answer(z.object({ generation: generationStateSchema }));

/** POST /api/quiz/responses: the response that holds the answers. */
export const quizSubmittedSchema = answer(z.object({ id: z.string() }));

/** GET /api/quiz/latest. */
export const latestQuizResponseSchema = answer(
  z.object({
    response: z
      .object({
        id: z.string(),
        status: z.enum(quizStatuses),
        generationStatus: z.enum(generationStatuses),
        answers: z.array(storedQuizAnswerSchema),
        completedAt: z.string().nullable(),
      })
      .nullable(),
  }),
);
export type LatestQuizResponse = z.infer<typeof latestQuizResponseSchema>;
