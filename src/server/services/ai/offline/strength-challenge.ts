import { activityOf, type Written } from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { isNonAnswer } from "./read-answers.ts";
import { slot } from "./themes.ts";

/** Without a screen habit or a person, a challenge builds on what he is good at (or, failing that, his future). */
export function strengthChallenge(f: Facts, source: 1 | 3): Written {
  const quoted = quoteAnswer(f, source);
  const said =
    source === 3
      ? f.strength
        ? `You said ${f.strength}.`
        : isNonAnswer(f.texts[3] ?? "") || !quoted
          ? "You did not name a strength; most people undersell theirs, and this challenge finds yours by using it."
          : `Your strength, in your words: ${quoted}`
      : f.future
        ? `Five years from now, you pictured this: ${f.future}.`
        : quoted
          ? `Your future, in your words: ${quoted}`
          : "You left the picture of your future open; this challenge draws its first line.";
  const activity = activityOf(f);
  return {
    source,
    challenge: {
      title: source === 3 ? "Use Your Strength" : "Start on Your Picture",
      description: `${said} This challenge puts it to work beside ${activity}, where other people see it.`,
      insight: `What you are already good at is the shortest road to ${activity}.`,
      screen_to_action: `One fixed hour a week ${slot(f)} belongs to this challenge.`,
      accountability_framework: `Once a month, show someone who knows ${activity} what you did with it and ask what they noticed.`,
    },
    milestones: {
      immediate: `Write down three ways it could help with ${activity}, and use one of them this week.`,
      short_term: `Use it every week for a month ${slot(f)}, where someone else sees it, and note what came back.`,
      medium_term: `Take on one responsibility in ${activity} that depends on exactly that.`,
    },
  };
}
