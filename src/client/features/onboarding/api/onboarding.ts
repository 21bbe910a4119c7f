import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { OnboardingState } from "#shared/run-challenge/contracts.ts";

/** GET /api/onboarding: the accepted challenge, the stated longest run and the validated run. */
export function onboardingQuery() {
  return queryOptions({
    queryKey: ["onboarding"],
    queryFn: async (): Promise<OnboardingState> => unwrap(api.onboarding.$get(), "Could not load your challenge."),
  });
}
