import type { Deps } from "#server/context.ts";
import { readGenerationState, startGeneration } from "#server/services/generation/generation-runner.ts";
import { updateChallenge } from "#server/services/plan/challenges.ts";
import { updateMilestone } from "#server/services/plan/milestones.ts";
import { readPlanChallenges } from "#server/services/plan/plan-read.ts";
import { submitQuiz } from "#server/services/quiz/quiz-responses.ts";
import type { Challenge } from "#shared/plan/contracts.ts";
import { normalizeDeadline } from "#shared/plan/rules.ts";
import { answersFor, MARCUS } from "../personas.ts";
import { winsOf } from "./onboarding.ts";

type Member = { id: string; email: string };

/** How long a builder waits for the AI the server is configured with (the tests' ones answer in well under a second). */
const GENERATION_TIMEOUT_MS = 30_000;

/**
 * An analyzed plan (decision 0174): the quiz answered (Marcus's answers unless told otherwise) and his plan written by
 * the server's own AI, through the quiz and generation services as the quiz and processing screens use them. A
 * `responseId` of an analyzed response makes this a retake, which costs a token as the screen's does. Waits until the
 * run has finished, as the processing screen does, by reading its state.
 */
export async function buildAnalyzedPlan(
  deps: Deps,
  member: Member,
  options: { answers?: readonly string[]; responseId?: string } = {},
): Promise<{ responseId: string; challenges: Challenge[] }> {
  const db = deps.database.db;
  const { id } = await submitQuiz(db, member, {
    answers: answersFor(options.answers ?? MARCUS),
    ...(options.responseId ? { responseId: options.responseId } : {}),
  });
  let state = await startGeneration(deps, member.id, id);
  const deadline = Date.now() + GENERATION_TIMEOUT_MS;
  while (state.status === "running") {
    if (Date.now() > deadline) throw new Error(`plan still running after ${GENERATION_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = await readGenerationState(deps, member.id, id);
  }
  if (state.status !== "done") throw new Error(`plan generation ${state.status}: ${state.error}`);
  return { responseId: id, challenges: await readPlanChallenges(db, member.id, id) };
}

/** One of his challenges accepted, as the plan screen's "Accept" accepts it (within his plan's limit). */
export async function buildAcceptedChallenge(deps: Deps, userId: string, challengeId: string) {
  return updateChallenge(deps.database.db, userId, challengeId, { challengeAccepted: true });
}

/** An analyzed plan with its first challenge accepted, as the plan screen's "Accept" accepts it. */
export async function buildAcceptedPlan(deps: Deps, member: Member, options: { answers?: readonly string[] } = {}) {
  const plan = await buildAnalyzedPlan(deps, member, options);
  const [first] = plan.challenges;
  if (!first) throw new Error("a plan without challenges");
  return { ...plan, challenge: await buildAcceptedChallenge(deps, member.id, first.id) };
}

/**
 * A milestone's deadline (a day, `YYYY-MM-DD`, its end as the workflow screen stores it) set through the plan
 * service. A day already past is a milestone gone overdue, the state the days bring: the screen refuses a past day,
 * the days do not ask.
 */
export async function buildMilestoneDeadline(deps: Deps, userId: string, milestoneId: string, day: string) {
  const deadline = normalizeDeadline(day);
  if (!deadline) throw new Error(`not a day: ${day}`);
  return updateMilestone(winsOf(deps.database.db), userId, milestoneId, { milestoneDeadline: deadline });
}
