import { QUIZ_QUESTIONS } from "../../src/shared/quiz/questions.ts";
import { createBenchApp } from "./bench-app.ts";

/**
 * Offline generation end to end (POST generate → polling until done, as the processing screen does) and the
 * latency of GET /api/dashboard for a user with a full plan. Prints medians and p95 in milliseconds.
 */
const ANSWERS = [
  "After work I lie on the couch with Instagram and YouTube until midnight, easily 4 hours a night.",
  "I run my own woodworking business from a workshop behind the house, and my kids help me sand on Saturdays.",
  "I always wanted to build furniture and sell it, but I tell myself I have no time and nobody would buy it.",
  "I am good with my hands. I rebuilt the staircase in our old house alone and my wife still talks about it.",
  "That my kids remember a father who was always on his phone instead of in the workshop with them.",
];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: at(1).toFixed(1), n: samples.length };
}

export async function benchGeneration(runs = 10) {
  const t = await createBenchApp();
  try {
    const answers = QUIZ_QUESTIONS.map((question, i) => ({ question, answer: ANSWERS[i] ?? "" }));
    const generation: number[] = [];
    let cookie = "";
    for (let i = 0; i < runs; i++) {
      const user = await t.createUser();
      cookie = user.cookie;
      const { id } = (await (await t.request("/api/quiz/responses", { cookie, body: { answers } })).json()) as {
        id: string;
      };
      const started = performance.now();
      await t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie });
      for (;;) {
        const state = (await (await t.request(`/api/quiz/responses/${id}/generation`, { cookie })).json()) as {
          status: string;
        };
        if (state.status === "done") break;
        if (state.status === "failed") throw new Error("generation failed");
        await new Promise((r) => setTimeout(r, 5));
      }
      generation.push(performance.now() - started);

      if (i === runs - 1) {
        const plan = (await (await t.request(`/api/quiz/responses/${id}`, { cookie })).json()) as {
          challenges: Array<{ id: string; milestones: Array<{ id: string }> }>;
        };
        const challenge = plan.challenges[0]!;
        await t.request(`/api/challenges/${challenge.id}`, {
          method: "PATCH",
          cookie,
          body: { challengeAccepted: true },
        });
        const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
        await t.request("/api/milestones", {
          method: "PATCH",
          cookie,
          body: { milestones: challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: day })) },
        });
      }
    }
    const dashboard: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const response = await t.request("/api/dashboard", { cookie });
      await response.json();
      dashboard.push(performance.now() - started);
    }
    return { database: t.deps.database.kind, generation: stats(generation), dashboard: stats(dashboard) };
  } finally {
    await t.close();
  }
}
