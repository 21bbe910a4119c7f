import type { GenerationStage } from "#shared/quiz/rules.ts";
import { quizMessages } from "#shared/quiz/rules.ts";
import type { ProvedRun } from "./body-thread.ts";
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
 * instruction, like the answers. `run`: the run he proved for the first challenge (issue 54), which one challenge carries
 * on; his notes about it are data too.
 */
export type PlanContext = { partnerFirstName?: string | null; run?: ProvedRun | null };

/** The Anthropic model used when AI_MODEL names none. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";

/**
 * The items of a list step complete so far, each valid on its own, as a streamed answer grows (issue 28). Called
 * with the whole list each time; a retried step starts again from an empty one.
 */
type OnItems<T> = (items: T[]) => void;

/** One interface for every provider; each step returns output already validated against its schema. */
export interface AiGenerator {
  readonly name: "offline" | "anthropic" | "openai-compatible";
  /** The model that writes, stored with each plan: "offline" for the built-in writer. */
  readonly model: string;
  mission(answers: Answer[], context?: PlanContext): Promise<Mission>;
  challenges(
    answers: Answer[],
    mission: Mission,
    context?: PlanContext,
    onItems?: OnItems<GeneratedChallenge>,
  ): Promise<GeneratedChallenge[]>;
  milestones(
    answers: Answer[],
    mission: Mission,
    challenges: GeneratedChallenge[],
    context?: PlanContext,
    onItems?: OnItems<MilestoneSet>,
  ): Promise<MilestoneSet[]>;
  todos(input: TodoInput, onItems?: OnItems<string>): Promise<string[]>;
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

/**
 * What is written of the plan so far, each part complete and valid on its own: the mission once it is whole, then the
 * challenges and their milestone sets as each completes (issue 28).
 */
export type PlanSoFar = { mission: Mission | null; challenges: GeneratedChallenge[]; milestones: MilestoneSet[] };

/** The steps a run taken over from another instance has already completed (issue 36): they are not asked again. */
export type PlanDone = { mission?: Mission; challenges?: GeneratedChallenge[] };

/**
 * Runs the three steps in order, reporting each completed stage with the plan so far (stored so the processing
 * screen shows it, and so a run taken over goes on from there) and the plan so far whenever a part of it completes.
 * Steps in `done` are taken as written.
 */
export async function generatePlan(
  ai: AiGenerator,
  answers: Answer[],
  onStage: (stage: GenerationStage, soFar: PlanSoFar) => Promise<void>,
  context: PlanContext = {},
  onPlanSoFar: (plan: PlanSoFar) => void = () => {},
  done: PlanDone = {},
): Promise<GeneratedPlan> {
  const soFar: PlanSoFar = { mission: null, challenges: [], milestones: [] };
  const report = (change: Partial<PlanSoFar>) => {
    Object.assign(soFar, change);
    onPlanSoFar({ ...soFar });
  };
  const mission = done.mission ?? (await step(() => ai.mission(answers, context), quizMessages.challengesFailed));
  report({ mission });
  await onStage("mission", { ...soFar });
  const challenges =
    done.challenges ??
    (await step(
      () => ai.challenges(answers, mission, context, (items) => report({ challenges: items })),
      quizMessages.challengesInvalid,
    ));
  report({ challenges });
  await onStage("challenges", { ...soFar });
  const milestones = await step(
    () => ai.milestones(answers, mission, challenges, context, (items) => report({ milestones: items })),
    quizMessages.milestonesFailed,
  );
  report({ milestones });
  await onStage("milestones", { ...soFar });
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
