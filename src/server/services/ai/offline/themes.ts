import type { MilestoneSet } from "../schema.ts";
import type { Facts, GoalKind } from "./read-answers.ts";

/**
 * The curated library for the goal challenge: per kind of goal, what ninety days of it lead to, how it is measured,
 * and milestones that take his own goal phrase (`g`, an infinitive such as "learn Spanish") and the one concrete
 * thing it names (`x`: the language, the instrument…). A milestone never asks for what he says he already did or
 * tried (`f.tried`).
 */
type GoalKit = {
  /** A short general goal, used when his answer named none we could read. */
  general: string;
  /** What ninety days of it lead to: one sentence. */
  promise(x: string): string;
  /** How progress is measured: a clause the obstacle's own log line completes. */
  measure: string;
  milestones(g: string, x: string, f: Facts): MilestoneSet;
};

export const goalKits: Record<GoalKind, GoalKit> = {
  language: {
    general: "learn the language you keep putting off",
    promise: (x) => `Ninety days of fixed ${x} sessions end in a real conversation with a native speaker.`,
    measure: "Log minutes studied every day and hold a ten-minute conversation every second Sunday",
    milestones: (_g, x, f) => ({
      immediate: f.tried.languageApp
        ? `Book a ${x} teacher or a conversation class with real people and finish five 30-minute ${x} sessions this week.`
        : `Choose one ${x} course or teacher and finish five 30-minute ${x} sessions this week.`,
      short_term: `Hold a 15-minute conversation in ${x} with a native speaker, online or in person, without switching language.`,
      medium_term: `Pass a recognised ${x} level test, or spend a day where you only use ${x}.`,
    }),
  },
  music: {
    general: "play music for real",
    promise: (x) => `Three months of short daily practice on the ${x} end with songs you can play for people.`,
    measure: "Record one take every Sunday and keep them in order",
    milestones: (g, x, f) => ({
      immediate: f.tried.ownsInstrument
        ? `Take the ${x} out of the corner, tune it, and practise 20 minutes on five days this week.`
        : `Practise the ${x} for 30 minutes on five days this week and record one short take.`,
      short_term: `Learn two complete songs on the ${x} from start to finish and play them for one person.`,
      medium_term: `Play a short set in front of people: an open mic, a jam session or a small evening at home. You decided to ${g}; this is where it shows.`,
    }),
  },
  craft: {
    general: "finish a project with your own hands",
    promise: (x) => `Weekly sessions in the workshop take the ${x} from a plan to something finished you can touch.`,
    measure: "Photograph the work at the end of every session",
    milestones: (g, x) => ({
      immediate: `Draw the ${x} with its measurements, list its materials and tools, and spend two sessions on it this week.`,
      short_term: `Finish one complete part of the ${x}, done rather than nearly done, and note what the next part needs.`,
      medium_term: `Finish the ${x} and show it to people who know the craft, the next step if you mean to ${g}.`,
    }),
  },
  business: {
    general: "build something people pay for",
    promise: () => "The first ninety days are about paying customers, not logos or business plans.",
    measure: "Keep a log of conversations, offers sent and answers received",
    milestones: (g, _x, f) => ({
      immediate: f.tried.failedBefore
        ? "Write down in one paragraph why the last attempt failed and what you will offer differently, and show it to three people this week."
        : "Write down in one paragraph what you will offer and to whom, and show it to three people this week.",
      short_term: `Hold ten real conversations with people who could buy, and get the first one to pay: the first step to ${g}.`,
      medium_term: `Reach ten paying customers, write down what they bought and why, ${obstacleLog(f)}.`,
    }),
  },
  writing: {
    general: "write the thing you keep carrying around",
    promise: () => "Short daily sessions at a fixed hour add up to a whole first draft by the end of ninety days.",
    measure: "Log the date and word count of every session",
    milestones: (g) => ({
      immediate: "Write 500 words on five of the next seven days, at the same hour each day.",
      short_term: "Reach 10,000 words and a one-page outline of where the whole piece is going.",
      medium_term: `Finish a complete first draft and hand it to one reader, because you decided to ${g}.`,
    }),
  },
  fitness: {
    general: "train for a target you set",
    promise: (x) =>
      `Your ${x === "piece" ? "training" : x} gets a target, a date and sessions every week that build toward them.`,
    measure: "Write every session down with one number, distance, weight or time",
    milestones: (g) => ({
      immediate: "Complete four training sessions this week and log each one with one number.",
      short_term: "Train four times a week for four weeks in a row and beat one number from week one.",
      medium_term: `Test yourself on a fixed date against the target you set, because you decided to ${g}.`,
    }),
  },
  study: {
    general: "finish the course you keep postponing",
    promise: () =>
      "Fixed study blocks every week take you to one result you can prove: a passed exam or a finished module.",
    measure: "Track study minutes daily and test yourself with a mock exam every two weeks",
    milestones: (g) => ({
      immediate:
        "Pick the course or programme, enrol or download the material, and do five 45-minute sessions this week.",
      short_term: "Finish the first module and prove it with a test, an assignment or a small finished project.",
      medium_term: `Reach a result you can show someone: a passed exam, a certificate or a finished project, because you decided to ${g}.`,
    }),
  },
  money: {
    general: "get your money under control",
    promise: () => "Three numbers written down every Sunday turn money from a worry into a plan.",
    measure: "Write down income, spending and savings every Sunday and compare them with last week",
    milestones: (g) => ({
      immediate: "List every income, bill and subscription this week and cancel at least one you do not need.",
      short_term: "Set up an automatic transfer to savings on payday and keep a written budget for four weeks.",
      medium_term: `Build a buffer of one month's expenses or pay down a debt by an amount you set today, because you decided to ${g}.`,
    }),
  },
  faith: {
    general: "give your faith a fixed place in your days",
    promise: () =>
      "A fixed daily time for it, kept for ninety days, makes it part of your days rather than an intention.",
    measure: "Tick off each day you kept your time for it and talk it over weekly with someone who shares your faith",
    milestones: (g) => ({
      immediate: "Set a fixed daily time for prayer or reading and keep it on five days this week.",
      short_term: "Keep that time for four weeks and join one gathering or group you have been meaning to visit.",
      medium_term: `Take on a regular part in your community of faith, because you decided to ${g}.`,
    }),
  },
  visual: {
    general: "make work people stop to look at",
    promise: () => "Something small every day, then one serious piece, then a series others can see.",
    measure: "Keep everything you make in one dated folder and show one piece a week to someone honest",
    milestones: (g) => ({
      immediate: "Make something small every day for seven days and keep all seven.",
      short_term: "Finish one serious piece you would sign and show it to three people.",
      medium_term: `Publish or exhibit a small series of finished work, because you decided to ${g}.`,
    }),
  },
  outdoors: {
    general: "go on the trip you keep talking about",
    promise: () => "A date in the calendar and a test run first turn the trip from talk into a booking.",
    measure: "Put the date in the calendar and tell one person, who asks you about it every week",
    milestones: (g) => ({
      immediate: "Choose the destination and a date, and spend two evenings outside this week.",
      short_term: "Do one shorter trip as a test run and book what the big one needs.",
      medium_term: `Go on the trip you planned, because you decided to ${g}.`,
    }),
  },
  career: {
    general: "move your work to the next level",
    promise: () => "One piece of work that shows your best skill, put in front of the people who decide.",
    measure: "Write the target in one sentence and talk to someone one step ahead of you every two weeks",
    milestones: (g) => ({
      immediate: "Write down the exact next role and the three skills it needs, and talk to one person who has it.",
      short_term: "Finish one piece of work that shows the most important skill and show it to the people who decide.",
      medium_term: `Apply, ask for the promotion or take the qualification, because you decided to ${g}.`,
    }),
  },
  general: {
    general: "finish one thing you have been putting off",
    promise: () => "Two fixed sessions a week and one visible result a month, until it is done.",
    measure: "Every Sunday, write down what you did for it this week and the next concrete step",
    milestones: (g, _x, f) => ({
      immediate: `Write down the very first step to ${g}, put two sessions in your calendar this week and do them.`,
      short_term: `Spend two sessions a week on it ${slot(f)} for four weeks and finish one visible part.`,
      medium_term: f.obstacle
        ? `Reach a result you can show someone and decide what the next ninety days are for, ${obstacleLog(f)}.`
        : `Reach a result you can show someone, built ${slot(f)}, and decide what the next ninety days are for.`,
    }),
  },
};

/** Where his sessions go, in words that fit when his time is free. */
export function slot(f: Facts): string {
  switch (f.when.key) {
    case "night-shift":
    case "after-shift":
      return "on the days between shifts";
    case "morning":
      return "in the morning before the phone";
    case "kids-asleep":
      return "after the kids are asleep";
    case "in-bed":
      return "before bed, away from the bedroom";
    case "late":
      return "early in the evening";
    case "after-work":
      return "straight after work";
    default:
      return f.screen.described ? "in the first evening hour" : "at a fixed time in your week";
  }
}

/** What to say about what stops him: it is met with a first step, never turned into the goal. */
export function obstacleAnswer(f: Facts): string {
  switch (f.obstacleKind) {
    case "tools":
      return "So the first weeks work with what you can borrow, rent or use at a shared workshop, not with what you lack.";
    case "money":
      return `So the first month is planned to cost nothing and happens ${slot(f)}: free material, borrowed gear, your own time.`;
    case "time":
      return `So the sessions are short and fixed ${slot(f)}, where they no longer depend on a free evening.`;
    case "fear":
      return `So the first steps are small and private, ${slot(f)}; showing your work comes later, when you are ready.`;
    case "boredom":
      return "So every week ends with something you can hear, see or show, which keeps it alive past the first week.";
    case "knowhow":
      return `So the first step is the smallest one possible, written down before you begin and done ${slot(f)}.`;
    case "tired":
      return `So the sessions are short enough to start on a bad day and sit ${slot(f)}, where your energy is best.`;
    case "other":
      return `So the plan starts with a step small enough that this cannot stop it, ${slot(f)}.`;
    default:
      return "";
  }
}

/** What the weekly log also notes, by what stops him: the number that shows the obstacle losing. */
export function obstacleLog(f: Facts): string {
  switch (f.obstacleKind) {
    case "tools":
      return "and note each tool you borrowed instead of bought";
    case "money":
      return "and note what each step cost, which should be close to nothing";
    case "time":
      return "and note the day and hour of each session, so the slot becomes a habit";
    case "fear":
      return "and note one thing each week you showed to someone";
    case "boredom":
      return "and compare week one with week eight";
    case "knowhow":
      return "and write the next step before you stop each time";
    case "tired":
      return "and note your energy from one to five before each session";
    case "other":
      return "and note what got in the way whenever a session did not happen";
    default:
      return "and look at the whole month on its last Sunday";
  }
}
