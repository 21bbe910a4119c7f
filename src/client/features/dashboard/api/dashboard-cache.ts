import type { QueryClient } from "@tanstack/react-query";
import { writeAnswer } from "#client/lib/query-answers.ts";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import { type DashboardMilestone, findMilestone, updateMilestoneIn } from "../dashboard-updates.ts";
import { dashboardQuery } from "./dashboard.ts";

/**
 * Mutation keys per milestone: a change to the milestone itself, to one of its todos, or a generation. The
 * screen disables a button while a change under its key is in flight (SPEC.md section 4).
 */
export const milestoneKey = (id: string) => ["dashboard", "milestone", id] as const;
export const milestoneSelfKey = (id: string) => [...milestoneKey(id), "self"] as const;
export const todoKey = (milestoneId: string, todoId: string) => [...milestoneKey(milestoneId), "todo", todoId] as const;
export const generateKey = (id: string) => [...milestoneKey(id), "generate"] as const;

/** Reads and writes the one cached dashboard every dashboard screen (and the sidebar's balance) shows. */
export function dashboardCache(queryClient: QueryClient) {
  const key = dashboardQuery().queryKey;
  return {
    /** Stops a refetch in flight, so an older answer never lands over an optimistic change. */
    settle: () => queryClient.cancelQueries({ queryKey: key }),
    milestone: (id: string) => findMilestone(queryClient.getQueryData<Dashboard>(key), id),
    updateMilestone: (id: string, change: (m: DashboardMilestone) => DashboardMilestone) =>
      queryClient.setQueryData<Dashboard>(key, (old) => (old ? updateMilestoneIn(old, id, change) : old)),
    /** A server's answer about one milestone, written once the refetches in flight are stopped (decision 0187). */
    answerMilestone: (id: string, change: (m: DashboardMilestone) => DashboardMilestone) =>
      writeAnswer<Dashboard>(queryClient, key, (old) => (old ? updateMilestoneIn(old, id, change) : old)),
    setTokens: (tokens: Dashboard["tokens"]) =>
      queryClient.setQueryData<Dashboard>(key, (old) => (old ? { ...old, tokens } : old)),
  };
}
