/** The first challenge (SPEC.md section 1): run longer than ever before; distance does not matter. */

/** Hours the runner has after accepting the challenge. */
export const CHALLENGE_WINDOW_HOURS = 24;

/** A runner who never ran aims for at least this long (SPEC.md section 1). */
export const NEVER_RAN_MINUTES = 60;

export const CHALLENGE_RULES = [
  { title: "Run alone", detail: "No partner, no group, no pacer. Just you and the road." },
  { title: "No audio", detail: "No music, no podcast, no audiobook. Listen to your breath and your thoughts." },
  { title: "Phone in airplane mode", detail: "Take it for safety if you must. Nothing gets in, nothing gets out." },
  {
    title: "At least one hour of constant movement",
    detail: "Slow down as much as you need, but keep moving. Walking breaks are fine; stopping is not.",
  },
] as const;
