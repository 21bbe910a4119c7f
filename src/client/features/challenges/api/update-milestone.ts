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
