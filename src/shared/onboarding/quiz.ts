import { z } from "zod";
import { QUIZ_QUESTION_COUNT } from "../quiz-questions.ts";
import type { GenerationStatus, QuizStatus } from "./run-challenge.ts";

export const QUIZ_ANSWER_MAX_LENGTH = 2000;

export const quizMessages = {
  answerRequired: "Please answer every question.",
  answerTooLong: `Please keep each answer under ${QUIZ_ANSWER_MAX_LENGTH} characters.`,
  answerCount: `Please answer all ${QUIZ_QUESTION_COUNT} questions.`,
  insufficientTokens: "Insufficient tokens",
  generationFailed: "There was a problem generating your results. Please try again.",
} as const;

/** Removes HTML-like tags from typed text (SPEC.md section 5: tags are stripped). */
export function stripTags(text: string): string {
  return text.replace(/<\/?[a-zA-Z!][^<>]*>?/g, "").replace(/[<>]/g, "");
}

/** True when an answer has something left after stripping tags and whitespace (NEXT enabled). */
export function isAnswerFilled(text: string): boolean {
  return stripTags(text).trim().length > 0;
}

const answerText = z
  .string({ error: quizMessages.answerRequired })
  .transform((v) => stripTags(v).trim())
  .pipe(z.string().min(1, quizMessages.answerRequired).max(QUIZ_ANSWER_MAX_LENGTH, quizMessages.answerTooLong));

export const quizAnswerSchema = z.object({
  question: z.string({ error: quizMessages.answerCount }).trim().min(1, quizMessages.answerCount).max(500),
  answer: answerText,
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

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

export const generationStages = ["analyzing", "mission", "challenges", "milestones", "done"] as const;
export type GenerationStage = (typeof generationStages)[number];

/** GET /api/quiz/responses/:id/generation (and `generation` of POST .../generate). */
export type GenerationState = {
  status: GenerationStatus;
  stage: GenerationStage | null;
  error: string | null;
};

/** Share of the work done for a progress bar, 0..100. */
export function generationProgress(state: Pick<GenerationState, "status" | "stage">): number {
  if (state.status === "done") return 100;
  if (!state.stage) return 0;
  const index = generationStages.indexOf(state.stage);
  return Math.round((index / (generationStages.length - 1)) * 100);
}

/** GET /api/quiz/latest. */
export type LatestQuizResponse = {
  response: {
    id: string;
    status: QuizStatus;
    generationStatus: GenerationStatus;
    answers: QuizAnswer[];
    completedAt: string | null;
  } | null;
};
