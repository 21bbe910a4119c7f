import { answersFor, MARCUS } from "../support/personas.ts";
import { createBenchApp } from "./bench-app.ts";

/**
 * Offline generation end to end (POST generate → polling until done, as the processing screen does) and the
 * latency of GET /api/dashboard for a user with a full plan. Prints medians and p95 in milliseconds.
 */
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: at(1).toFixed(1), n: samples.length };
}

export async function benchGeneration(runs = 10) {
  const t = await createBenchApp();
  try {
    const answers = answersFor(MARCUS);
    const generation: number[] = [];
    let api: Awaited<ReturnType<typeof t.createUser>>["api"] | undefined;
    for (let i = 0; i < runs; i++) {
      ({ api } = await t.createUser());
      const { id } = await (await api.quiz.responses.$post({ json: { answers } })).json();
      const started = performance.now();
      await api.quiz.responses[":id"].generate.$post({ param: { id } });
      for (;;) {
        const state = await (await api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
        if (state.status === "done") break;
        if (state.status === "failed") throw new Error("generation failed");
        await new Promise((r) => setTimeout(r, 5));
      }
      generation.push(performance.now() - started);

      if (i === runs - 1) {
        const plan = await (await api.quiz.responses[":id"].$get({ param: { id } })).json();
        const challenge = plan.challenges[0]!;
        await api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
        const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
        await api.milestones.$patch({
          json: { milestones: challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: day })) },
        });
      }
    }
    const dashboard: number[] = [];
    for (let i = 0; api && i < 50; i++) {
      const started = performance.now();
      const response = await api.dashboard.$get();
      await response.json();
      dashboard.push(performance.now() - started);
    }
    return { database: t.deps.database.kind, generation: stats(generation), dashboard: stats(dashboard) };
  } finally {
    await t.close();
  }
}
