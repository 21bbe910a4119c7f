import { eq } from "drizzle-orm";
import { profiles, todos } from "#server/db/schema.ts";
import { tokenPeriod } from "#shared/tokens/rules.ts";
import { acceptedChallengeMinutesAgo } from "../support/builders/onboarding.ts";
import { answersFor, MARCUS } from "../support/personas.ts";
import type { createBenchApp } from "./bench-app.ts";
import { bareServer, measure } from "./stats.ts";

type BenchApp = Awaited<ReturnType<typeof createBenchApp>>;
type BenchUser = Awaited<ReturnType<BenchApp["createUser"]>>;

/** A user with an analyzed plan from the configured (offline) provider. */
async function withPlan(user: BenchUser) {
  const { id } = await (await user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } })).json();
  await user.api.quiz.responses[":id"].generate.$post({ param: { id } });
  for (;;) {
    const state = await (await user.api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
    if (state.status === "done") break;
    if (state.status === "failed") throw new Error("generation failed");
    await new Promise((r) => setTimeout(r, 5));
  }
  return (await user.api.quiz.responses[":id"].$get({ param: { id } })).json();
}

/** A premium user with three accepted challenges, nine dated milestones and the offline AI's todos for three of them. */
export async function seedDashboardOwner(t: BenchApp) {
  const db = t.deps.database.db;
  const owner = await t.createUser();
  // Onboarding done, as for everyone who reaches the dashboard: his run is validated.
  await owner.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 20 } });
  await acceptedChallengeMinutesAgo(db, owner.id, 60);
  const run = await owner.api.onboarding["run-validation"].$post({
    json: { previousMaxDuration: 20, todayDuration: 25, notes: "Longer than ever, phone in airplane mode." },
  });
  if (!run.ok) throw new Error(`run validation failed: ${run.status} ${await run.text()}`);
  const plan = await withPlan(owner);
  // Three active challenges need premium (SPEC.md section 6).
  await db.update(profiles).set({ subscriptionStatus: "premium" }).where(eq(profiles.id, owner.id));
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const challenge of plan.challenges) {
    await owner.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
  }
  await owner.api.milestones.$patch({
    json: {
      milestones: plan.challenges.flatMap((c) => c.milestones.map((m) => ({ id: m.id, milestoneDeadline: day }))),
    },
  });
  for (const challenge of plan.challenges) {
    await owner.api.milestones[":id"].todos.$post({ param: { id: challenge.milestones[0]!.id } });
  }
  return owner;
}

/**
 * Over real loopback HTTP: GET /api/dashboard for a premium user with three accepted challenges, nine dated
 * milestones and fifteen todos; the same answer from a bare Node server; and the generate-todos round trip (claim,
 * offline AI, one transaction that spends a token and stores the todos) for a free user.
 */
export async function benchDashboard(t: BenchApp, runs = 200) {
  const db = t.deps.database.db;
  const http = await t.listen();
  try {
    const owner = await seedDashboardOwner(t);
    const api = http.client(owner.cookie);
    const sample = await (await api.dashboard.$get()).json();
    const todoCount = sample.challenges.flatMap((c) => c.milestones.flatMap((m) => m.todos)).length;
    const body = JSON.stringify(sample);
    const stored = await db.$count(todos, eq(todos.userId, owner.id));
    if (sample.challenges.length !== 3 || todoCount !== stored || stored < 9) {
      throw new Error(`dashboard has ${sample.challenges.length} challenges and ${todoCount} of ${stored} todos`);
    }

    const bare = await bareServer(body, "/api/dashboard");
    const baseline = await measure(runs, async () => {
      await (await fetch(bare.url)).json();
      return undefined;
    });
    await bare.close();
    const dashboard = await measure(runs, async () => {
      await (await api.dashboard.$get()).json();
      return undefined;
    });

    // The two taps of the dashboard: tick a todo (the milestone follows its todos) and complete a milestone.
    const ticked = sample.challenges.flatMap((c) => c.milestones.flatMap((m) => m.todos))[0]!;
    const completed = sample.challenges[0]!.milestones[1]!;
    let flip = false;
    const tick = await measure(runs, async () => {
      flip = !flip;
      const response = await api.todos[":id"].$patch({ param: { id: ticked.id }, json: { todoCompleted: flip } });
      if (response.status !== 200) throw new Error(`tick answered ${response.status}`);
      await response.json();
      return undefined;
    });
    const complete = await measure(runs, async () => {
      flip = !flip;
      const response = await api.milestones[":id"].$patch({
        param: { id: completed.id },
        json: { milestoneCompleted: flip },
      });
      if (response.status !== 200) throw new Error(`complete answered ${response.status}`);
      await response.json();
      return undefined;
    });

    // Each round trip needs a milestone without todos and a token to spend: reset both outside the timing.
    const spender = await t.createUser();
    const milestoneIds = (await withPlan(spender)).challenges.flatMap((c) => c.milestones.map((m) => m.id));
    const spenderApi = http.client(spender.cookie);
    let next = 0;
    const generateRuns = Math.min(runs, 50);
    const generate = await measure(
      generateRuns,
      async () => {
        const id = milestoneIds[next++ % milestoneIds.length]!;
        await db.delete(todos).where(eq(todos.milestoneId, id));
        await db
          .update(profiles)
          .set({ tokensRemaining: 5, tokensPeriod: tokenPeriod() })
          .where(eq(profiles.id, spender.id));
        const started = performance.now();
        const response = await spenderApi.milestones[":id"].todos.$post({ param: { id } });
        if (response.status !== 201) throw new Error(`generate answered ${response.status}`);
        await response.json();
        return performance.now() - started;
      },
      5,
    );
    return { bytes: body.length, todos: todoCount, baseline, dashboard, tick, complete, generate };
  } finally {
    await http.close();
  }
}
