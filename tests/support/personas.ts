import { randomBytes } from "node:crypto";
import { paths } from "#shared/paths.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";

/**
 * The people every test works with, server and browser alike: two real-sounding lives with different answers, so
 * a plan can be checked for being written from its owner's own words.
 */
export const MARCUS = [
  "After work I lie on the couch with Instagram and YouTube until midnight, easily 4 hours a night.",
  "I run my own woodworking business from a workshop behind the house, and my kids help me sand on Saturdays.",
  "I always wanted to build furniture and sell it, but I tell myself I have no time and nobody would buy it.",
  "I am good with my hands. I rebuilt the staircase in our old house alone and my wife still talks about it.",
  "That my kids remember a father who was always on his phone instead of in the workshop with them.",
];

export const DEV = [
  "I get home, open Reddit and TikTok, play games until 2am and feel terrible the next morning.",
  "I am playing guitar in a band on a stage in Lisbon, speaking Spanish with my friends from the band.",
  "I keep putting off learning guitar properly. What stops me is that I get bored after a week and give up.",
  "I am a patient teacher. Last year I taught my little brother to code and he got his first job from it.",
  "Never having played a single song in front of people, and still scrolling through other people's concerts.",
];

/** The quiz's five questions, each with the persona's answer. */
export function answersFor(texts: readonly string[] = MARCUS) {
  return QUIZ_QUESTIONS.map((question, i) => ({ question, answer: texts[i] ?? "" }));
}

export type Account = { email: string; password: string; firstName: string };

/** A password that passes the sign-up rules (a letter and a number, 6+ characters). */
export const TEST_PASSWORD = "run4ever";

export function uniqueEmail(prefix = "runner") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/** A new, never-used account: Marcus unless the test says otherwise. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  return { email: uniqueEmail(), password: TEST_PASSWORD, firstName: "Marcus", ...overrides };
}

/** The sign-up request the sign-up screen sends for this account (terms accepted). */
export function signUpBody(account: Account) {
  return {
    email: account.email,
    password: account.password,
    firstName: account.firstName,
    name: account.firstName,
    acceptTerms: true,
    callbackURL: paths.emailConfirmed,
  };
}
