import { useEffect, useRef, useState } from "react";
import { pageHydrated } from "#client/lib/use-hydrated.ts";
import { thousands } from "#shared/numbers.ts";

/** SPEC.md section 9: the counter moves one step every 20 ms. */
export const COUNTER_STEP_MS = 20;
/** At most this many steps (5 s): a long waitlist counts up in bigger steps instead of for minutes. */
const MAX_STEPS = 250;

function prefersReducedMotion() {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Counts from 0 up to `target`, one step per 20 ms (steps of 1 up to 250, larger beyond), and from where it stands
 * when the target changes; at once for a visitor who asked for less motion.
 */
function useCountUp(target: number) {
  // The server's HTML, and so the page's first render, start at 0: the server cannot know his motion setting.
  const [shown, setShown] = useState(() => (pageHydrated() && prefersReducedMotion() ? target : 0));
  const shownRef = useRef(shown);
  useEffect(() => {
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    if (prefersReducedMotion()) {
      show(target);
      return;
    }
    let current = Math.min(shownRef.current, target);
    show(current);
    if (current === target) return;
    const step = Math.max(1, Math.ceil(target / MAX_STEPS));
    const timer = window.setInterval(() => {
      current = Math.min(target, current + step);
      show(current);
      if (current === target) window.clearInterval(timer);
    }, COUNTER_STEP_MS);
    return () => window.clearInterval(timer);
  }, [target]);
  return shown;
}

/**
 * The early members waiting, counted up to the real number. Screen readers read the final number once, as plain
 * text (no live region announcing every step); the moving digits are hidden from them. `data-value` carries the
 * number it counts to.
 */
export function MembersCounter({ count }: { count: number }) {
  const shown = useCountUp(count);
  const noun = count === 1 ? "member" : "members";
  return (
    <p className="flex flex-col">
      <span
        aria-hidden="true"
        data-testid="members-waiting"
        data-value={count}
        className="font-display text-6xl leading-none tabular-nums text-volt"
      >
        {thousands(shown)}
      </span>
      <span aria-hidden="true" className="mt-2 text-xs font-bold uppercase tracking-[0.2em] text-muted">
        Early {noun} waiting
      </span>
      <span className="sr-only">{`${thousands(count)} early ${noun} waiting`}</span>
    </p>
  );
}
