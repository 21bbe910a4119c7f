import nlp from "compromise";
import type { GeneratedChallenge, MilestoneSet } from "../schema.ts";
import { quoteAnswer } from "./quotes.ts";
import { type Facts, toSecondPerson } from "./read-answers.ts";
import { capitalize, listOf } from "./text.ts";
import { goalKits } from "./themes.ts";

/**
 * The words of his answers the plan's writers share: his goal, his apps, his hours, the person he wants time with,
 * his evening read back to him.
 */

/** One challenge as written, with the answer it is grounded in (5: the run he proved, not an answer). */
export type Written = { challenge: GeneratedChallenge; milestones: MilestoneSet; source: number };

export function languageOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(
    /\b(spanish|german|french|italian|japanese|chinese|mandarin|portuguese|arabic|russian|korean|english)\b/i,
  );
  return m?.[1] ? capitalize(m[1].toLowerCase()) : "the language";
}

export function instrumentOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(/\b(guitar|piano|drums|bass|violin|ukulele|saxophone|trumpet)\b/i);
  return m?.[1]?.toLowerCase() ?? "instrument";
}

/** The thing his craft makes or restores, so milestones name his motorcycle rather than "a piece". */
export function craftObjectOf(f: Facts): string {
  const m = `${f.goal ?? ""} ${f.texts[2]}`.match(
    /\b(treehouse|motorcycle|motorbike|bike|car|boat|cabin|table|chair|bench|cabinet|bookshelf|shelf|guitar|engine|garden|furniture)\b/i,
  );
  const thing = m?.[1]?.toLowerCase();
  return thing === "furniture" ? "piece of furniture" : (thing ?? "piece");
}

export function goalPhrase(f: Facts): string {
  return f.goal ?? goalKits[f.goalKind].general;
}

export function appsOrPhone(f: Facts): string {
  return f.screen.apps.length > 0 ? listOf(f.screen.apps) : "your phone";
}

/**
 * The one person the plan may promise him time with: named in the regret, in the vision, or as someone he wants more
 * time with. A brother who only appears in a story about a wedding he organised is not a wish to see him more.
 */
export function keyPerson(f: Facts): { who: string; answer: number } | null {
  const wanted = f.people.filter((p) => p.answer === 4 || p.answer === 1 || p.wanted);
  return wanted.find((p) => p.answer === 4) ?? wanted.find((p) => p.who !== "your friends") ?? wanted[0] ?? null;
}

export function hoursText(f: Facts): string | null {
  if (f.screen.hours) return `${f.screen.hours} hour${f.screen.hours === 1 ? "" : "s"}`;
  return null;
}

function clauseOf(f: Facts, i: number): string | null {
  const s = f.sentences[i]?.find((x) => /^(I|I'm|I've|My)\b/.test(x)) ?? f.sentences[i]?.[0];
  if (!s || s.split(/\s+/).length > 28) return null;
  const t = toSecondPerson(s.replace(/[.!?…]+$/, ""));
  const clause =
    /^(I|I'm|I've)\b/.test(s) || nlp(t.split(" ")[0] ?? "").has("#ProperNoun")
      ? t
      : t.charAt(0).toLowerCase() + t.slice(1);
  // Only a sentence with him as its subject reads well after "Your evenings:"; anything else is quoted whole.
  return /^you('re|'ve)?\b/i.test(clause) ? clause : null;
}

/** How his evening reads back to him: his sentence in second person, or his answer quoted whole, or nothing. */
export function eveningLine(f: Facts): string | null {
  const clause = f.english[0] ? clauseOf(f, 0) : null;
  const label =
    f.when.key === "morning" ? "Your mornings" : f.when.key === "night-shift" ? "Your shifts" : "Your evenings";
  if (clause) return `${label}: ${clause}.`;
  const quoted = quoteAnswer(f, 0);
  return quoted ? `${label}, in your words: ${quoted}` : null;
}

/** Where his goal's hours are spent, named by the kind of goal: the hour he wins back has somewhere to go. */
export function activityOf(f: Facts): string {
  const x = f.goalKind === "language" ? languageOf(f) : f.goalKind === "music" ? instrumentOf(f) : null;
  switch (f.goalKind) {
    case "language":
      return `${x} practice`;
    case "music":
      return `the ${x}`;
    case "craft":
      return "the workshop";
    case "business":
      return "your first customers";
    case "writing":
      return "the desk and the draft";
    case "fitness":
      return "training";
    case "study":
      return "the books";
    case "money":
      return "the budget";
    case "faith":
      return "prayer or reading";
    case "visual":
      return "the sketchbook";
    case "outdoors":
      return "planning the trip";
    case "career":
      return "the next step at work";
    default:
      return f.goal ? gerund(f.goal) : "the one thing you choose to finish";
  }
}

/** "read one book a month" → "reading one book a month": his goal as the name of what the hours go to. */
function gerund(phrase: string): string {
  const [verb = "", ...rest] = phrase.split(" ");
  const lower = verb.toLowerCase();
  const ing = /ie$/.test(lower)
    ? `${lower.slice(0, -2)}ying`
    : /[^aeiou]e$/.test(lower) && lower !== "be"
      ? `${lower.slice(0, -1)}ing`
      : /^[^aeiou]*[aeiou][bdgmnprt]$/.test(lower)
        ? `${lower}${lower.at(-1)}ing`
        : `${lower}ing`;
  return [ing, ...rest].join(" ");
}
