import { defaultReplanDays, type ReplanReason } from "#shared/replan/rules.ts";
import type { ReplanInput, ReplanOutput } from "../schema.ts";
import { milestoneActions, sentence } from "./todos.ts";

/** How the smaller step is framed, by what got in the way. */
const FRAME: Record<ReplanReason, string> = {
  no_time: "In two short sessions",
  too_big: "Only the first part",
  motivation: "One easy start",
  health: "Gently, once you feel ready",
  other: "A smaller step",
};

/** What he does first, by what got in the way; `{challenge}` is the challenge's title. */
const FIRST: Record<ReplanReason, string> = {
  no_time: "Block two 30-minute slots in your calendar for this step, on days you know are free",
  too_big: "Write down the smallest version of this step that you could finish in one sitting",
  motivation: "Write one line on why “{challenge}” matters to you and put it where you will see it every day",
  health: "Pick the first day you expect to feel ready and put a short, easy session in your calendar",
  other: "Write down one thing you will do differently this time",
};

/** Extra days on top of the milestone's usual step, so a sick week or a full calendar gets room. */
const EXTRA_DAYS: Record<ReplanReason, number> = { no_time: 2, too_big: 0, motivation: 0, health: 3, other: 0 };

/** His own line, quoted as he wrote it, cut at a word when it would not fit a todo. */
function quoted(note: string, room: number): string {
  const text = note.replace(/\s+/g, " ").trim();
  if (text.length <= room) return `“${text}”`;
  const cut = text.slice(0, room - 1);
  return `“${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).trim()}…”`;
}

/** An action as the tail of a sentence: "Write the README" → "write the README". */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

/**
 * The offline writer's re-plan: the milestone's first action not yet done, framed by what got in the way, a date
 * a little further out for a sick week or a full calendar, and three todos: a first move that fits the reason (his
 * own line quoted back word for word when he wrote one), the step itself, and a check-in. It never restates his
 * reason in other words.
 */
export function writeReplan(input: ReplanInput): ReplanOutput {
  const key = input.reason.key;
  const actions = milestoneActions(input.milestone.description, input.challenge.title);
  const done = new Set(input.doneTodos.map((t) => t.toLowerCase()));
  const action = actions.find((a) => !done.has(sentence(a).toLowerCase())) ?? actions[0] ?? input.challenge.title;
  const nextStep = sentence(`${FRAME[key]}: ${lowerFirst(action)}`);
  const days = defaultReplanDays[input.milestone.type] + EXTRA_DAYS[key];
  const first = input.reason.note
    ? `Plan around what got in the way: ${quoted(input.reason.note, 150)}`
    : FIRST[key].replace("{challenge}", input.challenge.title);
  return {
    nextStep,
    daysFromToday: Math.min(Math.max(days, input.window.minDays), input.window.maxDays),
    todos: [first, action, "When it is done, tick it off here and tell yourself what the next step is"].map(sentence),
  };
}
