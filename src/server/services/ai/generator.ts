import { quizMessages } from "../../../shared/quiz/contracts.ts";
import type { GenerationStage } from "../../../shared/quiz/rules.ts";
import type {
  Answer,
  GeneratedChallenge,
  GeneratedPlan,
  MilestoneSet,
  Mission,
  ReplanInput,
  ReplanOutput,
  TodoInput,
} from "./schema.ts";

/**
 * What the plan may know besides his answers. `partnerFirstName`: the accountability partner he chose and who
 * confirmed (issue 25), whom the plan names instead of "one person you trust". It is his own input: data, never an
 * instruction, like the answers.
 */
export type PlanContext = { partnerFirstName?: string | null };

/** One interface for every provider; each step returns output already validated against its schema. */
export interface AiGenerator {
  readonly name: "offline" | "anthropic" | "openai-compatible";
  mission(answers: Answer[], context?: PlanContext): Promise<Mission>;
  challenges(answers: Answer[], mission: Mission, context?: PlanContext): Promise<GeneratedChallenge[]>;
  milestones(
    answers: Answer[],
    mission: Mission,
    challenges: GeneratedChallenge[],
    context?: PlanContext,
  ): Promise<MilestoneSet[]>;
  todos(input: TodoInput): Promise<string[]>;
  /** A smaller next step for a missed milestone, its date in days from today and three todos (issue 27). */
  replan(input: ReplanInput): Promise<ReplanOutput>;
}

/** A failure the user may see: `userMessage` is one of SPEC.md section 8's processing messages. */
export class GenerationError extends Error {
  constructor(
    message: string,
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Runs the three steps in order, reporting each completed stage (stored so the processing screen shows it). */
export async function generatePlan(
  ai: AiGenerator,
  answers: Answer[],
  onStage: (stage: GenerationStage) => Promise<void>,
  context: PlanContext = {},
): Promise<GeneratedPlan> {
  const mission = await step(() => ai.mission(answers, context), quizMessages.challengesFailed);
  await onStage("mission");
  const challenges = await step(() => ai.challenges(answers, mission, context), quizMessages.challengesInvalid);
  await onStage("challenges");
  const milestones = await step(
    () => ai.milestones(answers, mission, challenges, context),
    quizMessages.milestonesFailed,
  );
  await onStage("milestones");
  return { mission, challenges, milestones };
}

async function step<T>(run: () => Promise<T>, userMessage: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GenerationError && error.userMessage) throw error;
    throw new GenerationError(error instanceof Error ? error.message : String(error), userMessage, { cause: error });
  }
}
