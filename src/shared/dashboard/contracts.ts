import type { Challenge, Milestone, Mission, Todo } from "../plan/contracts.ts";
import type { ProofSummary } from "../proof/contracts.ts";
import type { ReplanOffer } from "../replan/contracts.ts";

/** What the dashboard shows, in one request. */
/** `proof`: what proves it, an activity file's figures or a photo (issue 26); null when he added none. */
/**
 * `replan`: the re-plan proposal waiting for his answer (issue 27), null when none; `replansUsed`: how many were
 * written for this milestone, so the screen can say whether the next one costs a token.
 */
type DashboardMilestone = Milestone & {
  todos: Todo[];
  proof: ProofSummary | null;
  replan: ReplanOffer | null;
  replansUsed: number;
};
export type DashboardChallenge = Omit<Challenge, "milestones"> & { milestones: DashboardMilestone[] };

/**
 * `addChallenge` (issue 35): a premium member's way to his next challenge, present only while he can add one: fewer
 * active (accepted) challenges in his current plan than his plan allows and one of its challenges not accepted yet.
 * `active` counts the accepted ones, `max` is his plan's limit, `responseId` is the plan the challenge list shows.
 */
export type AddChallenge = { responseId: string; active: number; max: number };

/** GET /api/dashboard */
export type Dashboard = {
  firstName: string;
  tokens: { remaining: number; unlimited: boolean };
  mission: Mission | null;
  challenges: DashboardChallenge[];
  addChallenge: AddChallenge | null;
};
