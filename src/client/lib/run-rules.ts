/** The rules of the first challenge, in the one wording both the challenge page and the challenge-accepted screen show. */
export const CHALLENGE_RULES = [
  { title: "Run alone", detail: "No partner, no group, no pacer. Just you and the road." },
  { title: "No audio", detail: "No music, no podcast, no audiobook. Listen to your breath and your thoughts." },
  { title: "Phone in airplane mode", detail: "Take it for safety if you must. Nothing gets in, nothing gets out." },
  {
    title: "At least one hour of constant movement",
    detail: "Slow down as much as you need, but keep moving. Walking breaks are fine; stopping is not.",
  },
] as const;
