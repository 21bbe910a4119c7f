import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Milestone, UpdateMilestoneRequest } from "#shared/plan/contracts.ts";
import { usePlanCachePatch } from "./plan-cache.ts";

/** PATCH /api/milestones/:id: description, deadline. */
export function useUpdateMilestone() {
  const patch = usePlanCachePatch();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateMilestoneRequest & { id: string }): Promise<Milestone> => {
      const result = await unwrap(
        api.milestones[":id"].$patch({ param: { id }, json: body }),
        "Failed to update milestone. Please try again.",
      );
      return result.milestone;
    },
    onSuccess: (saved) => patch.milestone(saved),
  });
}

/** PATCH /api/milestones: several due dates in one request, all or nothing (the workflow's suggested dates). */
export function useSaveDeadlines() {
  const patch = usePlanCachePatch();
  return useMutation({
    mutationFn: async (deadlines: Array<{ id: string; milestoneDeadline: string }>): Promise<Milestone[]> => {
      const result = await unwrap(
        api.milestones.$patch({ json: { milestones: deadlines } }),
        "Failed to save milestones. Please try again.",
      );
      return result.milestones;
    },
    onSuccess: (saved) => {
      for (const milestone of saved) patch.milestone(milestone);
    },
  });
}
