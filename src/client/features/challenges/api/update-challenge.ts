import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { UpdateChallengeRequest } from "#shared/plan/contracts.ts";
import { type ChallengeFields, usePlanCachePatch } from "./plan-cache.ts";

/** PATCH /api/challenges/:id: title, description, accepted. */
export function useUpdateChallenge() {
  const patch = usePlanCachePatch();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateChallengeRequest & { id: string }): Promise<ChallengeFields> => {
      const result = await unwrap(
        api.challenges[":id"].$patch({ param: { id }, json: body }),
        "Failed to update challenge. Please try again.",
      );
      return result.challenge;
    },
    onSuccess: (saved) => patch.challenge(saved),
  });
}
