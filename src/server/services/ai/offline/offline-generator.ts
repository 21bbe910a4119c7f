import type { AiGenerator } from "../generator.ts";
import { type Answer, type Mission, strictSchemas, type TodoInput } from "../schema.ts";
import { capitalize, excerpt, listOf, quote, type Reading, readAnswers } from "./read-answers.ts";
import { runTheme, screenTheme, type Theme, themes } from "./themes.ts";

/** How much each answer counts when deciding what he is about: what he wants to build weighs most. */
const ANSWER_WEIGHTS = [0.5, 2, 3, 1, 2];

/** The three themes of his plan: the two strongest in his answers (the run fills in), then screen time. */
function chooseThemes(reading: Reading): Theme[] {
  const scored = themes
    .map((theme, order) => {
      const score = reading.texts.reduce((sum, text, i) => {
        const hits = text.match(new RegExp(theme.keywords.source, "gi"))?.length ?? 0;
        return sum + Math.min(hits, 3) * (ANSWER_WEIGHTS[i] ?? 1);
      }, 0);
      return { theme, score, order };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((s) => s.theme);
  // The product is about the phone: the screen challenge is always the third one.
  const chosen = [...scored.slice(0, 2), screenTheme];
  for (const fallback of [runTheme, ...themes]) {
    if (chosen.length >= 3) break;
    if (!chosen.includes(fallback)) chosen.splice(chosen.length - 1, 0, fallback);
  }
  return chosen.slice(0, 3);
}

function mission(reading: Reading, [first, second]: Theme[]): Mission {
  const a = first ?? screenTheme;
  const b = second ?? runTheme;
  const sinks = listOf(reading.sinks, "your phone");
  const people = listOf(reading.people, "");
  return {
    life_mission: `To ${a.missionVerb} and ${b.missionVerb} — so that the life you pictured, ${quote(reading.future)}, stops being a daydream and becomes your calendar.`,
    mission_statement: `I stop giving my evenings to ${sinks.replace(/\byour\b/g, "my")}. I ${a.statementVerb}, I ${b.statementVerb}, and I will not let ${reading.blocker ? quote(reading.blocker) : "excuses"} decide my next ten years.`,
    vision: `Five years from now: ${quote(reading.future)}. ${a.visionLine} ${b.visionLine}${people ? ` And ${people} see a man who kept his word.` : ""}`,
    screen_to_action_plan: `${reading.hours ? `About ${reading.hours} an evening go to` : "Your evenings disappear into"} ${sinks}. In your words: ${quote(reading.time)}. Take back the first hour after dinner — phone in a drawer, ${a.habit} instead. In week three add a second hour for ${b.habit}. Delete the one app you open without thinking.`,
    accountability_framework: `Every Sunday, 15 minutes: write down your screen time, the sessions you kept and one thing you finished. You are good at ${quote(reading.strength)} — bring that same standard to this review. Tell ${reading.people[0] ?? "one person you respect"} what you committed to and ask them to check in every week. The regret you named, ${quote(reading.regret)}, is what you are running from; this plan is what you are running toward.`,
  };
}

const STEP_OPENERS = {
  immediate: ["Today", "Tomorrow evening", "By day three", "Before the weekend", "On day seven"],
  short_term: ["This week", "By the end of week one", "In week two", "In week three", "By day thirty"],
  medium_term: ["This month", "By the end of month one", "In month two", "Halfway through", "By day ninety"],
} as const;

/** 3–5 concrete todos derived from the milestone's own text. */
function todos(input: TodoInput): string[] {
  const goal = input.milestone.description.replace(/\.$/, "");
  const openers = STEP_OPENERS[input.milestone.type];
  const steps = [
    `block three fixed times in your calendar for "${input.challenge.title}" and put your phone in another room for each`,
    `write down the very first physical step of: ${goal.charAt(0).toLowerCase()}${goal.slice(1)}`,
    "do that first step and note what it took",
    `tell one person what you are working on and when it will be done`,
    "review what you did, tick the milestone or set the next concrete step",
  ];
  return steps.map((step, i) => `${openers[i]}: ${step}.`).map(capitalize);
}

/** Answers in the order they say most about a theme: the goal, the future, the strength, the regret, the evening. */
const FOCUS_ORDER = [2, 1, 3, 4, 0];

/**
 * Gives each challenge its own words: the first sentence of his answers that speaks about that theme and was not
 * quoted by an earlier challenge. Only the first challenge names his blocker, so the three do not repeat each other.
 */
function readingsPerChallenge(reading: Reading, chosen: Theme[]): Reading[] {
  const used = new Set<string>();
  return chosen.map((theme, index) => {
    let focus = reading.goal;
    for (const i of FOCUS_ORDER) {
      const sentence = (reading.texts[i] ?? "")
        .split(/(?<=[.!?])\s+/)
        .find((s) => theme.keywords.test(s) && !used.has(excerpt(s, { maxWords: 12 })));
      if (sentence) {
        focus = excerpt(sentence, { maxWords: 12 });
        break;
      }
    }
    used.add(focus);
    return { ...reading, goal: focus, blocker: index === 0 ? reading.blocker : null };
  });
}

/**
 * The default provider: no key, no network, deterministic. It reads the five answers, picks the themes he wrote
 * about from the curated library and writes the plan around his own words, so it reads as written for him.
 */
export function createOfflineGenerator(): AiGenerator {
  return {
    name: "offline",
    async mission(answers: Answer[]) {
      const reading = readAnswers(answers);
      return strictSchemas.mission.parse(mission(reading, chooseThemes(reading)));
    },
    async challenges(answers: Answer[]) {
      const reading = readAnswers(answers);
      const chosen = chooseThemes(reading);
      const readings = readingsPerChallenge(reading, chosen);
      return strictSchemas.challenges.parse({ challenges: chosen.map((t, i) => t.challenge(readings[i] ?? reading)) })
        .challenges;
    },
    async milestones(answers: Answer[]) {
      const reading = readAnswers(answers);
      const chosen = chooseThemes(reading);
      const readings = readingsPerChallenge(reading, chosen);
      return strictSchemas.milestones.parse({ milestones: chosen.map((t, i) => t.milestones(readings[i] ?? reading)) })
        .milestones;
    },
    async todos(input: TodoInput) {
      return strictSchemas.todos.parse({ todos: todos(input) }).todos;
    },
  };
}
