import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { sessionQuery } from "#client/lib/session.ts";
import type {
  OnboardingState,
  RunFileForm,
  RunValidation,
  RunValidationRequest,
} from "#shared/run-challenge/contracts.ts";
import { onboardingQuery } from "./onboarding.ts";

type Saved = { runValidation: RunValidation; created: boolean };

/**
 * POST /api/onboarding/run-validation (typed) or …/file (an activity file whose moving time is the duration): the
 * validated run, which marks onboarding done. `created` is false when a run
 * was stored already (another tab, a stale screen): the server keeps the first one and returns it.
 */
export function useSaveRunValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RunValidationRequest | RunFileForm): Promise<Saved> =>
      "file" in body
        ? unwrap(api.onboarding["run-validation"].file.$post({ form: body }), "Could not save your run.")
        : unwrap(api.onboarding["run-validation"].$post({ json: body }), "Could not save your run."),
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
