import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { AcceptReplanRequest, ReplanAccepted, ReplanProposed, ReplanRequest } from "#shared/replan/contracts.ts";
import { replanMessages } from "#shared/replan/rules.ts";
import { withSaved } from "../dashboard-updates.ts";
import { dashboardQuery } from "./dashboard.ts";
import { dashboardCache, milestoneSelfKey } from "./dashboard-cache.ts";

/**
 * POST /api/milestones/:id/replan: the AI's smaller next step. Not optimistic (the AI writes it); the proposal and
 * the balance go into the dashboard cache, so closing the dialog keeps it waiting on the card.
 */
export function useRequestReplan(milestoneId: string) {
  const queryClient = useQueryClient();
  const cache = dashboardCache(queryClient);
  return useMutation({
    mutationKey: [...milestoneSelfKey(milestoneId), "replan"],
    mutationFn: async (request: ReplanRequest): Promise<ReplanProposed> =>
      unwrap(api.milestones[":id"].replan.$post({ param: { id: milestoneId }, json: request }), replanMessages.failed),
    onSuccess: async ({ replan, tokens }) => {
      // A refetch sent before the proposal existed would land over it: the dialog would close, and open again with
      // the AI's words in place of what he had typed once a later refetch brought the proposal back.
      await cache.answerMilestone(milestoneId, (m) => ({
        ...m,
        replan,
        replansUsed: m.replan?.id === replan.id ? m.replansUsed : m.replansUsed + 1,
      }));
      cache.setTokens(tokens);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) cache.setTokens({ remaining: 0, unlimited: false });
      // Completed, or no longer missed, elsewhere meanwhile: show what the server holds.
      if (error instanceof ApiError && error.status === 400) {
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
      }
    },
  });
}

/** POST …/replan/accept: the milestone takes the (edited) proposal, and its todos as the server now holds them. */
export function useAcceptReplan(milestoneId: string) {
  const queryClient = useQueryClient();
  const cache = dashboardCache(queryClient);
  return useMutation({
    mutationKey: milestoneSelfKey(milestoneId),
    mutationFn: async (changes: AcceptReplanRequest): Promise<ReplanAccepted> =>
      unwrap(
        api.milestones[":id"].replan.accept.$post({ param: { id: milestoneId }, json: changes }),
        replanMessages.failed,
      ),
    onSuccess: async ({ milestone, todos }) => {
      // Nor may an older answer bring back the proposal he has just accepted.
      await cache.answerMilestone(milestoneId, (m) => ({ ...withSaved(m, milestone, todos), replan: null }));
    },
    onError: (error) => {
      // Accepted or dismissed in another tab: what the server holds is the truth.
      if (error instanceof ApiError && error.status === 409) {
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
      }
    },
  });
}

/** DELETE …/replan: the proposal is set aside, the milestone stays as it was. */
export function useDismissReplan(milestoneId: string) {
  const cache = dashboardCache(useQueryClient());
  return useMutation({
    mutationFn: async () => {
      const response = await api.milestones[":id"].replan.$delete({ param: { id: milestoneId } });
      if (!response.ok) throw new Error("Could not dismiss the re-plan. Please try again.");
    },
    onSuccess: () => cache.answerMilestone(milestoneId, (m) => ({ ...m, replan: null })),
  });
}
