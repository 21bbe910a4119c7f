import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptChallengeRequest,
  OnboardingState,
  RunValidation,
  RunValidationRequest,
} from "../../../shared/run-challenge/contracts.ts";
import { api, unwrap } from "../../lib/api.ts";
import { useInvalidateSession } from "../../lib/session.ts";

export const onboardingQueryKey = ["onboarding"] as const;

export function useOnboardingState() {
  return useQuery({
    queryKey: onboardingQueryKey,
    queryFn: async (): Promise<OnboardingState> => unwrap(api.onboarding.$get(), "Could not load your challenge."),
  });
}

/** Records the acceptance (the first call fixes the countdown's start) and the stated longest run. */
export function useAcceptChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AcceptChallengeRequest): Promise<OnboardingState> =>
      unwrap(api.onboarding.challenge.$post({ json: body }), "Could not save your challenge."),
    onSuccess: (state) => queryClient.setQueryData(onboardingQueryKey, state),
  });
}

export function useSaveRunValidation() {
  const queryClient = useQueryClient();
  const invalidateSession = useInvalidateSession();
  return useMutation({
    mutationFn: async (body: RunValidationRequest): Promise<RunValidation> => {
      const result = await unwrap(api.onboarding["run-validation"].$post({ json: body }), "Could not save your run.");
      return result.runValidation;
    },
    onSuccess: () => {
      // A run validation marks onboarding done: the guards and the landing redirect read it from the session.
      invalidateSession();
      queryClient.invalidateQueries({ queryKey: onboardingQueryKey });
    },
  });
}
