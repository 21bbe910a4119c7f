import { appsOrPhone, type Written } from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { wordCount } from "./text.ts";

export type RegretKind = "career" | "health" | "time" | "general";

export function regretKindOf(text: string): RegretKind {
  if (
    /\b(job|career|work|boss|office|profession|tried anything new|trying something new|business|study|degree)\b/i.test(
      text,
    )
  )
    return "career";
  if (/\b(health|body|weight|fit|fitness|smok\w*|drink\w*|sport|exercise|sick|unhealthy|fat)\b/i.test(text))
    return "health";
  if (/\b(wast\w* (my )?time|time|phone|scroll\w*|screens?)\b/i.test(text)) return "time";
  return "general";
}

/** A regret that names no person still names a field of life; the challenge works in that field. */
const regretKits: Record<
  Exclude<RegretKind, "general">,
  { title: string; description: string; immediate: string; short_term: string; medium_term: string }
> = {
  career: {
    title: "Try One New Field of Work",
    description:
      "This challenge tests one new line of work in small, real steps: talk to people who do it, try it on the side, then decide.",
    immediate: "Pick one field of work you are curious about and write down three people who do it",
    short_term:
      "Talk to two people who work in that field and spend four weekly sessions on a small side project in it.",
    medium_term:
      "Apply for one role, course or trial day in that field, or start the side project for real, and decide with what you learned.",
  },
  health: {
    title: "Take Your Health Back",
    description:
      "This challenge puts your body first for ninety days: a fixed training time, one habit changed, one number checked.",
    immediate: "Book a check-up or set one health number to track, and move for 30 minutes on four days this week",
    short_term: "Train three times a week for four weeks and change one habit that works against your body.",
    medium_term: "Beat the health number you wrote down in week one, checked on a fixed date.",
  },
  time: {
    title: "Spend Your Time on Purpose",
    description:
      "This challenge gives every week a plan for its free hours, written down in advance, so they stop disappearing.",
    immediate: "Write down where every free hour went this week and plan next week's free hours in advance",
    short_term: "For four weeks, plan each week's free hours on Sunday and keep at least three of those plans.",
    medium_term: "Keep that weekly plan for ninety days and finish one thing with the hours it gave back.",
  },
};

/** A regret without a field of life gets its title from how he put it: a fear ("that…"), a missed act, or a state. */
function generalTitle(text: string): string {
  if (/^that\b/i.test(text.trim())) return "Close the Gap You Fear";
  if (/^(not|never|no)\b|^\w+ing\b/i.test(text.trim())) return "Start What You Would Regret";
  return "Make the Regret Impossible";
}

/** The challenge against the regret he named, when it names no person. */
export function regretChallenge(f: Facts): Written | null {
  const regretText = f.regret ?? quoteAnswer(f, 4);
  if (!regretText) return null;
  const kind = regretKindOf(f.texts[4] ?? "");
  const r = f.regret && wordCount(f.regret) >= 3 && wordCount(f.regret) <= 16 ? f.regret : null;
  const echo = r && /^that\s/i.test(r) ? `, because you do not want to look back and find ${r}` : "";
  const grounded = kind !== "general" ? regretKits[kind] : null;
  return {
    source: 4,
    challenge: {
      title: grounded?.title ?? generalTitle(f.texts[4] ?? ""),
      description: `Your regret: ${regretText}. ${grounded?.description ?? "This challenge takes one concrete step against it every week, so it cannot come true by default."}`,
      insight: `A regret is a plan you have not started yet; naming yours was the first step, and the rest is a calendar.`,
      screen_to_action: f.screen.described
        ? `Each time you reach for ${appsOrPhone(f)} in the evening, do one small thing against that regret first.`
        : "Put one small step against that regret at the start of each week, before anything else.",
      accountability_framework:
        "Every Sunday, write down one thing you did this week that makes that regret less likely.",
    },
    milestones: grounded
      ? {
          immediate: `${grounded.immediate}${echo}.`,
          short_term: grounded.short_term,
          medium_term: grounded.medium_term,
        }
      : {
          immediate: r
            ? `Write down the one action that would most make this less likely (${r}) and do it before the week is out.`
            : "Write down the one action that would most make that regret less likely, and do it before the week is out.",
          short_term: "Repeat that action every week for four weeks and note what changed.",
          medium_term: "Reach the point where you could honestly say the regret no longer fits, and write down why.",
        },
  };
}
