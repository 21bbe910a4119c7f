import { type FakeAiServer, paceForPlan, startFakeAiServer } from "../support/fake-ai-server.ts";
import { answersFor, MARCUS } from "../support/personas.ts";
import { createBenchApp } from "./bench-app.ts";
import { stats } from "./stats.ts";

/**
 * A plan from a model that takes `planMs` (issue 28), through the whole server: when the mission, each challenge and
 * the whole plan are there for a poll every 10 ms. The baseline, measured in the same run: the same three answers
 * streamed from the fake straight into a bare client, one after the other — the time no server could beat.
 */
async function bareStreams(fake: FakeAiServer) {
  const started = performance.now();
  for (const field of ["life_mission", "insight", "short_term"]) {
    // The fake knows a step by the schema asked for, as it does with the AI SDK's requests.
    const schema = { type: "json_schema", json_schema: { name: field, schema: { properties: { [field]: {} } } } };
    const response = await fetch(`${fake.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "bare", stream: true, messages: [], response_format: schema }),
    });
    await response.text();
  }
  return performance.now() - started;
}

export async function benchPlanStreaming(runs: number, planMs: number) {
  const fake = await startFakeAiServer(paceForPlan(planMs));
  const t = await createBenchApp({
    url: process.env.BENCH_DATABASE_URL,
    env: { AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseURL, AI_MODEL: "fake" },
  });
  const series = { bare: [] as number[], mission: [] as number[], challenges: [] as number[], plan: [] as number[] };
  try {
    for (let i = 0; i < runs; i++) {
      series.bare.push(await bareStreams(fake));
      const { api } = await t.createUser();
      const { id } = await (await api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } })).json();
      const started = performance.now();
      await api.quiz.responses[":id"].generate.$post({ param: { id } });
      let mission = 0;
      let challenges = 0;
      for (;;) {
        const state = await (await api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
        const now = performance.now() - started;
        if (!mission && state.preview?.mission) mission = now;
        if (!challenges && state.preview?.challenges.length === 3) challenges = now;
        if (state.status === "done") {
          series.plan.push(now);
          break;
        }
        if (state.status === "failed") throw new Error(`generation failed: ${state.error}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      series.mission.push(mission);
      series.challenges.push(challenges);
    }
  } finally {
    await t.close();
    await fake.close();
  }
  return {
    planMs,
    bare: stats(series.bare),
    mission: stats(series.mission),
    challenges: stats(series.challenges),
    plan: stats(series.plan),
  };
}

export function printPlanStreaming(r: Awaited<ReturnType<typeof benchPlanStreaming>>) {
  const row = (label: string, s: ReturnType<typeof stats>) =>
    `${label.padEnd(70)} median ${s.median.padStart(8)} ms  max ${s.max.padStart(8)} ms  runs ${s.n}`;
  console.log(`plan from a fake model streaming a whole plan in ${r.planMs} ms (openai-compatible, AI SDK)`);
  console.log(row("baseline: the three answers streamed to a bare client", r.bare));
  console.log(row("through the server: mission shown (first poll that has it)", r.mission));
  console.log(row("through the server: all three challenges shown", r.challenges));
  console.log(row("through the server: plan stored, status done", r.plan));
}
