import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import { dashboardCache } from "./dashboard-cache.ts";

/**
 * POST /api/milestones/:id/proof: an activity file or a photo; the server's message says what is wrong with a file.
 * `confirmMismatch`: he said yes to an activity file for a milestone not about moving (see `isProofMismatch`).
 */
export function useAttachProof(milestoneId: string) {
  const cache = dashboardCache(useQueryClient());
  return useMutation({
    mutationFn: async ({ file, confirmMismatch }: { file: File; confirmMismatch?: boolean }): Promise<ProofSummary> => {
      const form = confirmMismatch ? { file, confirmMismatch: "true" as const } : { file };
      const { proof } = await unwrap(
        api.milestones[":id"].proof.$post({ param: { id: milestoneId }, form }),
        proofMessages.uploadFailed,
      );
      return proof;
    },
    // The card shows the proof at once (decision 0187: once older refetches are stopped).
    onSuccess: (proof) => cache.answerMilestone(milestoneId, (m) => ({ ...m, proof })),
  });
}

/** The server's question about an activity file for a milestone not about moving (issue 53 row 11), not a refusal. */
export const isProofMismatch = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === "PROOF_MISMATCH";

/** DELETE /api/milestones/:id/proof. */
export function useRemoveProof(milestoneId: string) {
  const cache = dashboardCache(useQueryClient());
  return useMutation({
    mutationFn: async () => {
      const response = await api.milestones[":id"].proof.$delete({ param: { id: milestoneId } });
      if (!response.ok) throw new Error("Could not remove the proof. Please try again.");
    },
    onSuccess: () => cache.answerMilestone(milestoneId, (m) => ({ ...m, proof: null })),
  });
}
