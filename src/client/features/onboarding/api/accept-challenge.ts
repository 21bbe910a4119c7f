import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { AcceptChallengeRequest, OnboardingState } from "#shared/run-challenge/contracts.ts";
import { onboardingQuery } from "./onboarding.ts";

export const acceptFailedMessage = "Could not save your challenge.";

/**
 * POST /api/onboarding/challenge: records the acceptance (the first call fixes the countdown's start) and the
 * stated longest run.
 */
export function useAcceptChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AcceptChallengeRequest): Promise<OnboardingState> =>
      unwrap(api.onboarding.challenge.$post({ json: body }), acceptFailedMessage),
    onSuccess: (state) => queryClient.setQueryData(onboardingQuery().queryKey, state),
  });
}
