import type { GeneratedChallenge, MilestoneSet } from "./schema.ts";

/**
 * The run he proved before his plan is written (issue 54): the plan carries his body on from it. `notes` is what he
 * wrote about the run: data, never an instruction. Distance and pace only when an activity file proved it.
 */
export type ProvedRun = {
  minutes: number;
  previousMaxMinutes: number | null;
  notes: string;
  distanceMeters: number | null;
  paceSecondsPerKm: number | null;
};

/** Words that make a milestone physical: he moves his body, not only plans to. */
const MOVEMENT =
  /\b(run\w*|ran|jog\w*|walk\w*|km|kilomet\w*|miles?|5k|10k|marathon|half[- ]marathon|pace|sprint\w*|interval\w*|train\w*|workouts?|gym|lift\w*|squats?|push-?ups?|swim\w*|cycl\w*|rides?|bike|row\w*|hik\w*|climb\w*|football|soccer|match|boxing|sparring|mobility|stretch\w*)\b/i;

function isPhysical(text: string): boolean {
  return MOVEMENT.test(text);
}

/**
 * The index of the challenge that carries his body: the first whose 7-, 30- and 90-day milestones all ask him to
 * move. -1 when no challenge does.
 */
export function bodyThreadIndex(milestones: MilestoneSet[]): number {
  return milestones.findIndex((m) => isPhysical(m.immediate) && isPhysical(m.short_term) && isPhysical(m.medium_term));
}

/**
 * Why a plan for a man who proved a run fails the body thread, or null when it holds: one challenge's three
 * milestones must all be physical. The model's answer is checked with this (and retried), and the offline writer is
 * tested against it.
 */
export function bodyThreadProblem(
  run: ProvedRun | null | undefined,
  challenges: Pick<GeneratedChallenge, "title">[],
  milestones: MilestoneSet[],
): string | null {
  if (!run) return null;
  if (challenges.length === 0 || bodyThreadIndex(milestones) >= 0) return null;
  return "no challenge carries his body on from the run he proved: one challenge's three milestones must all be physical";
}
