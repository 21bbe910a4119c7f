import { QUIZ_QUESTION_COUNT } from "./questions.ts";
/** Where a generation run is. Here beside its stages, not in contracts.ts, which imports this file. */
export const generationStatuses = ["idle", "running", "done", "failed"] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

/** The stages a generation run reports, in order; the processing screen shows them as steps. */
export const generationStages = ["analyzing", "mission", "challenges", "milestones", "done"] as const;
export type GenerationStage = (typeof generationStages)[number];

/**
 * Real markup only: comments (an unclosed one runs to the end), `<!doctype …>`/`<?…?>`, and opening or closing tags
 * whose name starts with a letter and that close with `>`. A `<` followed by a digit, a space or nothing is text.
 */
const markup = /<!--[\s\S]*?(?:-->|$)|<[!?][a-zA-Z][^<>]*>|<\/?[a-zA-Z][a-zA-Z0-9:-]*(?:[\s/][^<>]*)?>/g;

/**
 * Removes HTML tags from typed text (SPEC.md section 5: tags are stripped), keeping the text around and between them
 * and harmless `<` such as "<3" or "a < b" (issue 16). Applied on the server when answers are stored; the screen
 * shows what was typed. Repeats until nothing changes, so a tag split by another (`<scr<b>ipt>`) cannot reassemble.
 */
export function stripTags(text: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(markup, "");
    if (next === current) return next;
    current = next;
  }
}

/** True when an answer has something left after stripping tags and whitespace (NEXT enabled). */
export function isAnswerFilled(text: string): boolean {
  return stripTags(text).trim().length > 0;
}

/** The challenges of one plan. */
export const PLAN_CHALLENGES = 3;

/**
 * Share of the work done for a progress bar, 0..100. While the challenges are written (issue 28) each one that
 * completes moves the bar on, so a 20-second model answer is not one long wait at a quarter.
 */
export function generationProgress(state: {
  status: GenerationStatus;
  stage: GenerationStage | null;
  preview?: { challenges: unknown[] } | null;
}): number {
  if (state.status === "done") return 100;
  if (!state.stage) return 0;
  const index = generationStages.indexOf(state.stage);
  const step = 100 / (generationStages.length - 1);
  const writing = state.stage === "mission" ? Math.min(state.preview?.challenges.length ?? 0, PLAN_CHALLENGES) : 0;
  return Math.round(index * step + (writing / PLAN_CHALLENGES) * step);
}

export const QUIZ_ANSWER_MAX_LENGTH = 2000;

export const quizMessages = {
  answerRequired: "Please answer every question.",
  answerTooLong: `Please keep each answer under ${QUIZ_ANSWER_MAX_LENGTH} characters.`,
  answerCount: `Please answer all ${QUIZ_QUESTION_COUNT} questions.`,
  generationFailed: "There was a problem generating your results. Please try again.",
  notFound: "Quiz response not found",
  stillRunning: "Your results are still being prepared. Please wait a moment.",
  /** What a failed generation run stores as its error (SPEC.md section 8's processing messages). */
  challengesFailed: "Failed to generate challenges.",
  challengesInvalid: "Challenge generation did not return valid challenges.",
  milestonesFailed: "Failed to generate milestones.",
  /** Model generations one account may start in 24 hours (AI_DAILY_GENERATIONS_PER_USER, issue 28). */
  dailyLimit: "You have reached today's limit of AI generations. Please try again tomorrow.",
} as const;
