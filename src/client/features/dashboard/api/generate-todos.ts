import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { type TodosGenerated, todoMessages } from "../../../../shared/plan/contracts.ts";
import { ApiError, api, unwrap } from "../../../lib/api.ts";
import { dashboardQuery } from "./dashboard.ts";
import { dashboardCache, generateKey } from "./dashboard-cache.ts";

/**
 * POST /api/milestones/:id/todos: one token for 3–5 AI todos. Not optimistic (the todos come from the AI); the
 * answer's balance goes into the dashboard cache, so every balance on screen (the sidebar's too) drops at once.
 */
export function useGenerateTodos(milestoneId: string) {
  const queryClient = useQueryClient();
  const cache = dashboardCache(queryClient);
  return useMutation({
    mutationKey: generateKey(milestoneId),
    mutationFn: async (): Promise<TodosGenerated> =>
      unwrap(api.milestones[":id"].todos.$post({ param: { id: milestoneId } }), todoMessages.generateFailed),
    onSuccess: ({ todos, tokens }) => {
      cache.updateMilestone(milestoneId, (m) => ({ ...m, todos }));
      cache.setTokens(tokens);
    },
    onError: (error) => {
      // SPEC.md section 8: 'Insufficient tokens' sets the needs-tokens state: the balance is spent.
      if (error instanceof ApiError && error.status === 402) {
        cache.setTokens({ remaining: 0, unlimited: false });
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        toast.error(error.message);
        // The milestone was completed elsewhere meanwhile: show what the server holds.
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
        return;
      }
      toast.error(todoMessages.generateFailed);
    },
  });
}
