import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RunValidation, RunValidationRequest } from "../../../../shared/run-challenge/contracts.ts";
import { api, unwrap } from "../../../lib/api.ts";
import { sessionQuery } from "../../../lib/session.ts";
import { onboardingQuery } from "./onboarding.ts";

/** POST /api/onboarding/run-validation: the validated run, which marks onboarding done. */
export function useSaveRunValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RunValidationRequest): Promise<RunValidation> => {
      const result = await unwrap(api.onboarding["run-validation"].$post({ json: body }), "Could not save your run.");
      return result.runValidation;
    },
    onSuccess: () => {
      // The guards and the landing redirect read "onboarding done" from the session.
      queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
      queryClient.invalidateQueries({ queryKey: onboardingQuery().queryKey });
    },
  });
}
