import type { Challenge, Milestone, Mission, Todo } from "../plan/contracts.ts";

/** What the dashboard shows, in one request. */
type DashboardMilestone = Milestone & { todos: Todo[] };
export type DashboardChallenge = Omit<Challenge, "milestones"> & { milestones: DashboardMilestone[] };

/** GET /api/dashboard */
export type Dashboard = {
  firstName: string;
  tokens: { remaining: number; unlimited: boolean };
  mission: Mission | null;
  challenges: DashboardChallenge[];
};
