import type { Answer } from "../schema.ts";

/** What the offline generator takes from the five answers: his own phrases and the concrete things he named. */
export type Reading = {
  /** The five answers in question order (empty strings if missing). */
  texts: string[];
  /** Apps and habits he named in answer 1, e.g. ["Instagram", "YouTube"]. */
  sinks: string[];
  /** Hours per evening he named in answer 1, if any. */
  hours: string | null;
  /** Short verbatim excerpts of his answers. */
  time: string;
  future: string;
  goal: string;
  blocker: string | null;
  strength: string;
  regret: string;
  /** People he named in his picture of the future (wife, kids, brother …). */
  people: string[];
  /** A stable number from the answers, used to vary wording between people with the same themes. */
  seed: number;
};

const SINKS: Array<[RegExp, string]> = [
  [/\binsta(gram)?\b|\breels?\b/i, "Instagram"],
  [/\btik ?tok\b/i, "TikTok"],
  [/\byou ?tube\b|\bshorts\b/i, "YouTube"],
  [/\breddit\b/i, "Reddit"],
  [/\bnetflix\b|\bseries\b|\bshows?\b|\bbinge/i, "series"],
  [/\btwitter\b|\bx\.com\b|\btweets?\b/i, "X"],
  [/\bsnap(chat)?\b/i, "Snapchat"],
  [/\bfacebook\b/i, "Facebook"],
  [/\btwitch\b|\bstreams?\b/i, "streams"],
  [/\bgam(e|es|ing)\b|\bplaystation\b|\bxbox\b|\bfortnite\b|\bfifa\b/i, "games"],
  [/\bnews\b/i, "the news feed"],
  [/\bporn/i, "late-night browsing"],
];

const PEOPLE: Array<[RegExp, string]> = [
  [/\bwife\b/i, "your wife"],
  [/\bgirlfriend\b/i, "your girlfriend"],
  [/\bpartner\b/i, "your partner"],
  [/\bkids?\b|\bchildren\b/i, "your kids"],
  [/\bdaughters?\b/i, "your daughter"],
  [/\bsons?\b/i, "your son"],
  [/\bfamily\b/i, "your family"],
  [/\bfriends?\b|\bmates\b|\bbuddies\b/i, "your friends"],
  [/\bbrothers?\b/i, "your brother"],
  [/\b(dad|father)\b/i, "your father"],
  [/\b(mum|mom|mother)\b/i, "your mother"],
  [/\bteam\b|\bcrew\b|\bemployees\b/i, "your team"],
];

const BLOCKER_HINT =
  /\b(stops?|stopping|afraid|fear|scared|time|tired|excuse|lazy|procrastinat|money|never|don'?t|can'?t|doubt|overwhelm|distract|phone|start)\b/i;

/** Normalises quotes and whitespace so an excerpt can sit inside our own quotation marks. */
function tidy(text: string): string {
  return text.replace(/[“”"]/g, "'").replace(/\s+/g, " ").trim();
}

/** A short verbatim excerpt: the first sentence (or the clause matching `prefer`), at most `maxWords` words. */
export function excerpt(text: string, options: { prefer?: RegExp; maxWords?: number } = {}): string {
  const maxWords = options.maxWords ?? 14;
  const sentences = tidy(text)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/[.!?]+$/, "").trim())
    .filter(Boolean);
  let chosen = sentences[0] ?? "";
  if (options.prefer) chosen = sentences.find((s) => options.prefer?.test(s)) ?? chosen;
  const words = chosen.split(" ");
  if (words.length <= maxWords) return chosen;
  // Cut at a comma when one falls late enough, so the excerpt still reads as a phrase.
  const head = words.slice(0, maxWords).join(" ");
  const comma = head.lastIndexOf(",");
  return comma > head.length / 2 ? head.slice(0, comma) : `${head.replace(/[,;:]$/, "")}…`;
}

function blockerOf(goalAnswer: string): string | null {
  const text = tidy(goalAnswer);
  const marker = text.match(/\b(but|because|what stops me( is)?|stopping me( is)?|the problem is|I guess)\b/i);
  if (marker?.index !== undefined) {
    const rest = text.slice(marker.index + marker[0].length).replace(/^[\s,:-]+/, "");
    if (rest.split(" ").length >= 2) return excerpt(rest, { maxWords: 12 });
  }
  const sentences = text.split(/(?<=[.!?])\s+/).slice(1);
  const hit = sentences.find((s) => BLOCKER_HINT.test(s));
  return hit ? excerpt(hit, { maxWords: 12 }) : null;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function readAnswers(answers: Answer[]): Reading {
  const texts = [0, 1, 2, 3, 4].map((i) => answers[i]?.answer ?? "");
  const [time = "", future = "", goal = "", strength = "", regret = ""] = texts;
  const sinks = SINKS.filter(([re]) => re.test(time)).map(([, name]) => name);
  const hoursMatch = time.match(/\b(\d{1,2}(?:[.,]\d)?|one|two|three|four|five|six)\s*(?:\+\s*)?(hours?|hrs?|h)\b/i);
  const people = PEOPLE.filter(([re]) => re.test(future)).map(([, who]) => who);
  return {
    texts,
    sinks: sinks.length > 0 ? sinks.slice(0, 3) : [],
    hours: hoursMatch ? `${hoursMatch[1]} hours` : null,
    time: excerpt(time),
    future: excerpt(future),
    goal: excerpt(goal, { maxWords: 12 }),
    blocker: blockerOf(goal),
    strength: excerpt(strength, { maxWords: 12 }),
    regret: excerpt(regret),
    people: [...new Set(people)].slice(0, 2),
    seed: hash(texts.join("\u0000")),
  };
}

/** "Instagram, YouTube and games", or the fallback when he named nothing. */
export function listOf(items: string[], fallback: string): string {
  if (items.length === 0) return fallback;
  if (items.length === 1) return items[0] ?? fallback;
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function quote(text: string): string {
  return `“${text}”`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
