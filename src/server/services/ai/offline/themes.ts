import type { MilestoneSet } from "../schema.ts";
import type { GoalKind, ObstacleKind } from "./read-answers.ts";

/**
 * The curated library for the goal challenge: per kind of goal, milestones that take his own goal phrase (`g`, an
 * infinitive such as "learn Spanish") and the one concrete thing it names (`x`: the language, the instrument…).
 */
type GoalKit = {
  /** A short general goal, used when his answer named none we could read. */
  general: string;
  measure: string;
  milestones(g: string, x: string): MilestoneSet;
};

export const goalKits: Record<GoalKind, GoalKit> = {
  language: {
    general: "learn the language you keep putting off",
    measure:
      "Log minutes studied every day; every second Sunday, hold a ten-minute conversation and note what you could not say.",
    milestones: (_g, x) => ({
      immediate: `Choose one ${x} course or teacher and finish five 30-minute ${x} sessions this week.`,
      short_term: `Hold a 15-minute conversation in ${x} with a native speaker, online or in person, without switching language.`,
      medium_term: `Pass a recognised ${x} level test, or spend a day where you only use ${x}.`,
    }),
  },
  music: {
    general: "play music for real",
    measure: "Record one take every Sunday and keep them in order; compare week one with week eight.",
    milestones: (g, x) => ({
      immediate: `Practise the ${x} for 30 minutes on five days this week and record one short take.`,
      short_term: `Learn two complete songs on the ${x} from start to finish and play them for one person.`,
      medium_term: `Play a short set in front of people — an open mic, a jam session or a small evening at home. You decided to ${g}; this is where it shows.`,
    }),
  },
  craft: {
    general: "finish a project with your own hands",
    measure: "Photograph the work at the end of every session; the photos side by side are the progress report.",
    milestones: (g, x) => ({
      immediate: `Write down which ${x} you will work on first, list its materials and tools, and spend two sessions on it this week.`,
      short_term: `Finish one complete part of the ${x} — done, not nearly done — and note what the next part needs.`,
      medium_term: `Finish the ${x} and show it to people who know the craft — the next step if you mean to ${g}.`,
    }),
  },
  business: {
    general: "build something people pay for",
    measure: "Keep a log of conversations, offers sent and answers received; on Sunday count the yeses and noes.",
    milestones: (g) => ({
      immediate: `Write down in one paragraph what you will offer and to whom, and show it to three people this week.`,
      short_term: `Hold ten real conversations with people who could buy, and get the first one to pay — the first step to ${g}.`,
      medium_term: "Reach ten paying customers and write down what they bought, why, and what you charge next.",
    }),
  },
  writing: {
    general: "write the thing you keep carrying around",
    measure: "Log the date and word count of every session; share one page a week with someone honest.",
    milestones: (g) => ({
      immediate: "Write 500 words on five of the next seven days, at the same hour each day.",
      short_term: "Reach 10,000 words and a one-page outline of where the whole piece is going.",
      medium_term: `Finish a complete first draft and hand it to one reader — because you decided to ${g}.`,
    }),
  },
  fitness: {
    general: "train for a target you set",
    measure: "Write every session down with one number (distance, weight or time); four sessions a week is the bar.",
    milestones: (g) => ({
      immediate: "Complete four training sessions this week and log each one with one number.",
      short_term: "Train four times a week for four weeks in a row and beat one number from week one.",
      medium_term: `Test yourself on a fixed date against the target you set — because you decided to ${g}.`,
    }),
  },
  study: {
    general: "finish the course you keep postponing",
    measure: "Track study minutes daily; every two weeks, test yourself with an exercise or a mock exam.",
    milestones: (g) => ({
      immediate:
        "Pick the course or programme, enrol or download the material, and do five 45-minute sessions this week.",
      short_term: "Finish the first module and prove it with a test, an assignment or a small finished project.",
      medium_term: `Reach a result you can show someone: a passed exam, a certificate or a finished project — because you decided to ${g}.`,
    }),
  },
  money: {
    general: "get your money under control",
    measure: "Every Sunday write down three numbers: income, spending and savings, and compare them with last week.",
    milestones: (g) => ({
      immediate: "List every income, bill and subscription this week and cancel at least one you do not need.",
      short_term: "Set up an automatic transfer to savings on payday and keep a written budget for four weeks.",
      medium_term: `Build a buffer of one month's expenses or pay down a debt by an amount you set today — because you decided to ${g}.`,
    }),
  },
  faith: {
    general: "give your faith a fixed place in your days",
    measure:
      "Tick off each day you kept your time for it; once a week, talk it over with someone who shares your faith.",
    milestones: (g) => ({
      immediate: "Set a fixed daily time for prayer or reading and keep it on five days this week.",
      short_term: "Keep that time for four weeks and join one gathering or group you have been meaning to visit.",
      medium_term: `Take on a regular part in your community of faith — because you decided to ${g}.`,
    }),
  },
  visual: {
    general: "make work people stop to look at",
    measure: "Keep everything you make in one dated folder; show one piece a week to someone honest.",
    milestones: (g) => ({
      immediate: "Make something small every day for seven days and keep all seven.",
      short_term: "Finish one serious piece you would sign and show it to three people.",
      medium_term: `Publish or exhibit a small series of finished work, because you decided to ${g}.`,
    }),
  },
  outdoors: {
    general: "go on the trip you keep talking about",
    measure: "Put the date in the calendar and tell one person, who asks you about it every week.",
    milestones: (g) => ({
      immediate: "Choose the destination and a date, and spend two evenings outside this week.",
      short_term: "Do one shorter trip as a test run and book what the big one needs.",
      medium_term: `Go on the trip you planned — because you decided to ${g}.`,
    }),
  },
  career: {
    general: "move your work to the next level",
    measure: "Write the target in one sentence; every two weeks, talk to someone one step ahead of you.",
    milestones: (g) => ({
      immediate: "Write down the exact next role and the three skills it needs, and talk to one person who has it.",
      short_term: "Finish one piece of work that shows the most important skill and show it to the people who decide.",
      medium_term: `Apply, ask for the promotion or take the qualification — because you decided to ${g}.`,
    }),
  },
  general: {
    general: "finish one thing you have been putting off",
    measure: "Every Sunday, write down what you did for it this week and the next concrete step.",
    milestones: (g) => ({
      immediate: `Write down the very first step to ${g}, put two sessions in your calendar this week and do them.`,
      short_term: `Spend a fixed time on it every week for four weeks and finish one visible part.`,
      medium_term: `Reach a result you can show someone, and decide what the next ninety days are for.`,
    }),
  },
};

/** What to say about what stops him: it is met with a first step, never turned into the goal. */
export const obstacleAnswers: Record<ObstacleKind, string> = {
  tools: "So the first week works with what you can borrow, rent or use at a shared workshop, not with what you lack.",
  money: "So the first month is planned to cost nothing: free material, borrowed gear, your own time.",
  time: "So the sessions are short and fixed in the calendar, where they no longer depend on a free evening.",
  fear: "So the first steps are small and private; showing your work comes later, when you are ready.",
  boredom:
    "So the sessions are short and every week ends with something you can hear, see or show, which keeps it alive.",
  knowhow: "So the first step is the smallest one possible, written down before you begin.",
  tired: "So the sessions sit where your energy is best, and they are short enough to start on a bad day.",
  other: "The plan starts with a step small enough that this cannot stop it.",
  none: "",
};
