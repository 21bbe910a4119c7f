import type { Challenge, Milestone, Mission, Todo } from "../plan/contracts.ts";
import type { ProofSummary } from "../proof/contracts.ts";

/** What the dashboard shows, in one request. */
/** `proof`: what proves it, an activity file's figures or a photo (issue 26); null when he added none. */
type DashboardMilestone = Milestone & { todos: Todo[]; proof: ProofSummary | null };
export type DashboardChallenge = Omit<Challenge, "milestones"> & { milestones: DashboardMilestone[] };

/** GET /api/dashboard */
export type Dashboard = {
  firstName: string;
  tokens: { remaining: number; unlimited: boolean };
  mission: Mission | null;
  challenges: DashboardChallenge[];
};
