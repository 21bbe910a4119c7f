import { useEffect, useState } from "react";
import { CHALLENGE_WINDOW_SECONDS, challengeSecondsLeft } from "../../../shared/run-challenge/rules.ts";

/**
 * Seconds left in the 24-hour window that started at `acceptedAt` (server time), recomputed
 * from the clock on every 1 s tick so a reload or a sleeping tab never drifts.
 */
export function useCountdown(acceptedAt: string | null) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!acceptedAt) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [acceptedAt]);
  return acceptedAt ? challengeSecondsLeft(acceptedAt, now) : CHALLENGE_WINDOW_SECONDS;
}
