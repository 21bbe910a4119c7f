import { useEffect, useState } from "react";
import {
  CHALLENGE_WINDOW_HOURS,
  CHALLENGE_WINDOW_SECONDS,
  challengeSecondsLeft,
  formatCountdown,
} from "#shared/run-challenge/rules.ts";

/**
 * Seconds left in the 24-hour window that started at `acceptedAt` (server time), recomputed
 * from the clock on every 1 s tick so a reload or a sleeping tab never drifts.
 */
function useCountdown(acceptedAt: string | null) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!acceptedAt) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [acceptedAt]);
  return acceptedAt ? challengeSecondsLeft(acceptedAt, now) : CHALLENGE_WINDOW_SECONDS;
}

/** The 24-hour countdown as hh:mm:ss. */
export function Countdown({ acceptedAt }: { acceptedAt: string | null }) {
  const left = useCountdown(acceptedAt);
  return (
    <section className="mt-8 rounded-2xl border border-volt/40 bg-gradient-to-b from-volt/10 to-transparent px-5 py-6 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-muted">Time left</p>
      <p
        className="mt-1 font-display text-6xl tabular-nums tracking-wider text-volt sm:text-7xl"
        data-testid="countdown"
        role="timer"
        aria-label="Time left to complete your run"
      >
        {formatCountdown(left)}
      </p>
      <p className="mt-2 text-sm text-muted">
        {left > 0
          ? `You have ${CHALLENGE_WINDOW_HOURS} hours from accepting. The clock is running.`
          : `Your ${CHALLENGE_WINDOW_HOURS} hours are up. Made it? Validate your run.`}
      </p>
    </section>
  );
}
