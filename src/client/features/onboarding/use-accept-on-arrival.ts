import { useEffect, useRef } from "react";
import type { OnboardingState } from "#shared/run-challenge/contracts.ts";
import { useAcceptChallenge } from "./api/accept-challenge.ts";

/**
 * Reaching the challenge-accepted screen is accepting the challenge: the server records the moment once and every
 * later visit counts down from that same moment. The returned promise settles once that first acceptance is
 * stored, so a later save (with the stated maximum) can wait for it and never be overtaken by it (with none).
 */
export function useAcceptOnArrival(state: OnboardingState | undefined) {
  const accept = useAcceptChallenge();
  const firstAccept = useRef<Promise<unknown> | null>(null);
  useEffect(() => {
    if (state && !state.challengeAcceptedAt && !state.runValidation && !firstAccept.current) {
      firstAccept.current = accept.mutateAsync({ maxDurationMinutes: null }).catch((error) => {
        console.error("Could not record the challenge acceptance", error);
      });
    }
  }, [state, accept]);
  return firstAccept;
}
