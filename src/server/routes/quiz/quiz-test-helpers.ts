import type { TestApp } from "../../../../tests/support/test-app.ts";
import { QUIZ_QUESTIONS } from "../../../shared/quiz/questions.ts";

/** Two real-sounding people with different lives, for tests that need answers. */
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

export function answersFor(texts: string[]) {
  return QUIZ_QUESTIONS.map((question, i) => ({ question, answer: texts[i] ?? "" }));
}

type Generation = { status: string; stage: string | null; error: string | null };

/** Polls the generation state the way the processing screen does, until it is done or failed. */
export async function waitForGeneration(t: TestApp, cookie: string, id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await (await t.request(`/api/quiz/responses/${id}/generation`, { cookie })).json()) as Generation;
    if (state.status === "done" || state.status === "failed") return state;
    if (Date.now() > deadline) throw new Error(`generation still ${state.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A user with an analyzed plan (offline provider): returns the quiz response id and the plan. */
export async function userWithPlan(t: TestApp, texts: string[] = MARCUS, options: { firstName?: string } = {}) {
  const user = await t.createUser(options);
  const created = await t.request("/api/quiz/responses", { cookie: user.cookie, body: { answers: answersFor(texts) } });
  const { id } = (await created.json()) as { id: string };
  await t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie: user.cookie });
  const state = await waitForGeneration(t, user.cookie, id);
  if (state.status !== "done") throw new Error(`generation failed: ${state.error}`);
  const plan = (await (await t.request(`/api/quiz/responses/${id}`, { cookie: user.cookie })).json()) as {
    challenges: Array<{ id: string; title: string; milestones: Array<{ id: string; milestoneType: string }> }>;
    lifeMission: string;
  };
  return { user, quizResponseId: id, plan };
}
