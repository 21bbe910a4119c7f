import { answersFor, MARCUS } from "../support/personas.ts";
import type { createBenchApp } from "./bench-app.ts";
import { stats } from "./stats.ts";

/** Offline quiz generation end to end: POST generate, then polling until done, as the processing screen does. */
export async function benchGeneration(t: Awaited<ReturnType<typeof createBenchApp>>, runs = 10) {
  const answers = answersFor(MARCUS);
  const generation: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { api } = await t.createUser();
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
  }
  return stats(generation);
}
