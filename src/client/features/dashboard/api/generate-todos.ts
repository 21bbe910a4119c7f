import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { TodosGenerated, TodosPreview } from "#shared/plan/contracts.ts";
import { todoMessages } from "#shared/plan/rules.ts";
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
    onSuccess: async ({ todos, tokens }) => {
      // An older answer landing after this one would hide the todos he paid for and give the token back on screen.
      await cache.answerMilestone(milestoneId, (m) => ({ ...m, todos }));
      cache.setTokens(tokens);
    },
    onError: (error) => {
      // SPEC.md section 8: 'Insufficient tokens' sets the needs-tokens state: the balance is spent.
      if (error instanceof ApiError && error.status === 402) {
        cache.setTokens({ remaining: 0, unlimited: false });
        return;
      }
      // The daily cap on AI generations (issue 28): its own message, nothing spent.
      if (error instanceof ApiError && error.status === 429) {
        toast.error(error.message);
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

/**
 * GET /api/milestones/:id/todos/preview, asked four times a second while his todos are written (issue 28): each
 * one shows as soon as the model has finished it. A failed poll shows nothing new; the generation's answer decides.
 */
export function todosPreviewQuery(milestoneId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ["milestones", milestoneId, "todos-preview"],
    queryFn: async (): Promise<TodosPreview> =>
      unwrap(api.milestones[":id"].todos.preview.$get({ param: { id: milestoneId } }), todoMessages.generateFailed),
    enabled,
    refetchInterval: enabled ? 250 : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
