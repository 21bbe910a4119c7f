import type { TodoInput } from "../schema.ts";

const PREP = {
  immediate: "Today, put the sessions for this week in your calendar with a day, a time and a place",
  short_term: "Write down what “done” means for this milestone and the date you will check it",
  medium_term: "Break the ninety days into three monthly targets and write them where you will see them",
} as const;

const REVIEW = {
  immediate: "On day seven, compare what you did with the milestone and set the next step",
  short_term: "Every Sunday of the month, note your progress in one line",
  medium_term: "At the end of each month, check the target and adjust the next one",
} as const;

const MAX = 190;

/** One todo as a sentence: trailing punctuation dropped, cut at a comma or word within MAX, capitalised, one stop. */
export function sentence(text: string): string {
  let t = text
    .trim()
    .replace(/[.;:,—–-]+$/, "")
    .trim();
  if (t.length > MAX) {
    const cut = t.slice(0, MAX);
    const comma = cut.lastIndexOf(",");
    t = comma > MAX / 2 ? cut.slice(0, comma) : cut.slice(0, cut.lastIndexOf(" "));
  }
  // A quote that ends his sentence, or a question, already ends this one: "…10pm.”." would stop twice.
  const stop = /(?:[.!?…]["”’]|[!?])$/.test(t) ? "" : ".";
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${stop}`;
}

/**
 * 3–5 todos for one milestone: a planning step, the milestone's own actions one by one (so they name its
 * specifics and no two milestones share a list), and a review step.
 */
export function writeTodos(input: TodoInput): string[] {
  const actions = milestoneActions(input.milestone.description, input.challenge.title);
  const steps = [PREP[input.milestone.type], ...actions];
  if (steps.length < 4) steps.push(`Tell one person that you are working on “${input.challenge.title}” and by when`);
  steps.push(REVIEW[input.milestone.type]);
  return steps.slice(0, 5).map(sentence);
}

/** A milestone's own actions, one by one (at most three), or the whole text when it is one action. */
export function milestoneActions(description: string, fallback: string): string[] {
  const body = description
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!]+$/, "");
  const parts = body
    .split(/;\s+|\.\s+|,\s+(?:and|then)\s+|\s+—\s+|\s+and then\s+|,\s+and\s+(?=[a-z]+\s)/)
    .map((p) => p.trim())
    .filter((p) => p.split(" ").length >= 3)
    .slice(0, 3);
  return parts.length > 0 ? parts : [body || fallback];
}
