import type { GenerationStatus } from "./contracts.ts";

/** The stages a generation run reports, in order; the processing screen shows them as steps. */
export const generationStages = ["analyzing", "mission", "challenges", "milestones", "done"] as const;
export type GenerationStage = (typeof generationStages)[number];

/** Removes HTML-like tags from typed text (SPEC.md section 5: tags are stripped). */
export function stripTags(text: string): string {
  return text.replace(/<\/?[a-zA-Z!][^<>]*>?/g, "").replace(/[<>]/g, "");
}

/** True when an answer has something left after stripping tags and whitespace (NEXT enabled). */
export function isAnswerFilled(text: string): boolean {
  return stripTags(text).trim().length > 0;
}

/** Share of the work done for a progress bar, 0..100. */
export function generationProgress(state: { status: GenerationStatus; stage: GenerationStage | null }): number {
  if (state.status === "done") return 100;
  if (!state.stage) return 0;
  const index = generationStages.indexOf(state.stage);
  return Math.round((index / (generationStages.length - 1)) * 100);
}
