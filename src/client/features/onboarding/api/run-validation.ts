import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  OnboardingState,
  RunValidation,
  RunValidationRequest,
} from "../../../../shared/run-challenge/contracts.ts";
import { api, unwrap } from "../../../lib/api.ts";
import { sessionQuery } from "../../../lib/session.ts";
import { onboardingQuery } from "./onboarding.ts";

/**
 * POST /api/onboarding/run-validation: the validated run, which marks onboarding done. `created` is false when a run
 * was stored already (another tab, a stale screen): the server keeps the first one and returns it.
 */
export function useSaveRunValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RunValidationRequest): Promise<{ runValidation: RunValidation; created: boolean }> =>
      unwrap(api.onboarding["run-validation"].$post({ json: body }), "Could not save your run."),
    onSuccess: ({ runValidation }) => {
      // The screen shows the stored run at once; the refetch below brings the rest of the state.
      queryClient.setQueryData<OnboardingState>(onboardingQuery().queryKey, (state) =>
        state ? { ...state, runValidation } : state,
      );
      // The guards and the landing redirect read "onboarding done" from the session.
      queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
      queryClient.invalidateQueries({ queryKey: onboardingQuery().queryKey });
    },
  });
}
