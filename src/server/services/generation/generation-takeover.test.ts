import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeps } from "#server/bootstrap.ts";
import type { Deps } from "#server/context.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { challenges, modelGenerations, quizResponses } from "#server/db/schema.ts";
import { answersFor, MARCUS } from "#tests/support/personas.ts";
import { until } from "#tests/support/server-process.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import type { AiGenerator } from "../ai/index.ts";
import { createOfflineGenerator } from "../ai/offline/offline-generator.ts";
import { startGenerationTakeovers, takeOverAbandonedRuns } from "./generation-takeover.ts";

/** The offline writer, counting each step it is asked for; its challenge step can be held until released or failed. */
function countingAi() {
  const offline = createOfflineGenerator();
  const calls = { mission: 0, challenges: 0, milestones: 0 };
  let gate: { promise: Promise<void>; open(): void; fail(): void } | null = null;
  const ai: AiGenerator = {
    ...offline,
    async mission(...args) {
      calls.mission += 1;
      return offline.mission(...args);
    },
    async challenges(...args) {
      calls.challenges += 1;
      if (gate) await gate.promise;
      return offline.challenges(...args);
    },
    async milestones(...args) {
      calls.milestones += 1;
      return offline.milestones(...args);
    },
  };
  return {
    ai,
    calls,
    /** From now on the challenge step waits: as a model that is still writing when its instance goes away. */
    holdChallenges() {
      let open = () => {};
      let fail = () => {};
      const promise = new Promise<void>((resolve, reject) => {
        open = resolve;
        fail = () => reject(new Error("the connection to the model was cut"));
      });
      gate = { promise, open, fail };
      return gate;
    },
  };
}

/**
 * Plan runs outlive the instance that started them (issue 36, decision 0121): A starts a run and goes away mid-way
 * (dies, or stops and gives it back); B, on the same database, finishes it from the steps A stored, and the user
 * reading through B sees it finished, never failed.
 */
describe("a plan whose instance goes away mid-way", () => {
  let a: TestApp;
  let aAi: ReturnType<typeof countingAi>;
  let bAi: ReturnType<typeof countingAi>;
  let b: Deps;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    aAi = countingAi();
    a = await createTestApp({}, { ai: aAi.ai });
    bAi = countingAi();
    if (a.databaseUrl) secondDatabase = await openDatabase({ kind: "postgres", url: a.databaseUrl, poolSize: 3 });
    b = await buildDeps(a.deps.env, {
      database: secondDatabase ?? a.deps.database,
      mailer: a.deps.mailer,
      logger: a.deps.logger,
      ai: bAi.ai,
    });
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await a?.close();
  });

  /** His quiz, sent and generating through A, stopped in the challenge step with the mission stored. */
  async function runStuckOnA(user: TestUser) {
    const created = await user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } });
    const { id } = await created.json();
    const gate = aAi.holdChallenges();
    await user.api.quiz.responses[":id"].generate.$post({ param: { id } });
    await until(
      async () => (await row(id)).generationStage === "mission",
      10_000,
      () => "A never stored the mission",
    );
    return { id, gate };
  }

  /**
   * B looks as A's lease has run out, as its watcher does every few seconds: a look can skip the row while A is
   * renewing it (`skip locked`), and the next look takes it, so the test looks again as production would.
   */
  async function takeOverOnceTheLeaseIsGone() {
    let taken = 0;
    await until(
      async () => {
        taken += await takeOverAbandonedRuns(b, new Date(Date.now() + 20_000));
        return taken > 0;
      },
      10_000,
      () => "B never took the run over",
    );
    expect(taken).toBe(1);
  }

  async function row(id: string) {
    const [found] = await a.db.select().from(quizResponses).where(eq(quizResponses.id, id));
    if (!found) throw new Error("no such response");
    return found;
  }

  it("is taken over by B once A's lease runs out (A died), from the mission A wrote, and reads as done", async () => {
    const user = await a.createUser();
    const { id, gate } = await runStuckOnA(user);
    const missionByA = (await row(id)).generationPartial?.mission;
    expect(missionByA).toBeTruthy();
    // While A's lease holds, B leaves the run alone.
    expect(await takeOverAbandonedRuns(b)).toBe(0);

    const before = { ...bAi.calls };
    // A died: nothing renews its lease, which runs out; B looks after it has.
    await takeOverOnceTheLeaseIsGone();
    const state = await a.waitForGeneration(user, id);
    expect(state.status).toBe("done");
    expect(bAi.calls.mission - before.mission).toBe(0);
    expect(bAi.calls.challenges - before.challenges).toBe(1);
    const done = await row(id);
    expect(done.lifeMission).toBe((missionByA as { life_mission: string }).life_mission);
    expect(done.generationAttempts).toBe(2);
    expect(await a.db.select().from(challenges).where(eq(challenges.quizResponseId, id))).toHaveLength(3);

    // A's model call ends after all (the instance was only cut off): what it writes changes nothing.
    gate.open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await a.db.select().from(challenges).where(eq(challenges.quizResponseId, id))).toHaveLength(3);
    expect((await row(id)).generationStatus).toBe("done");
  });

  it("issue 52 row 9: leaves one model generation for the plan, B's, and none running, when A died mid-plan", async () => {
    const user = await a.createUser();
    const plans = () =>
      a.db
        .select({ status: modelGenerations.status })
        .from(modelGenerations)
        .where(and(eq(modelGenerations.userId, user.id), eq(modelGenerations.kind, "plan")));
    const { id, gate } = await runStuckOnA(user);
    try {
      expect(await plans()).toEqual([{ status: "running" }]);
      await takeOverOnceTheLeaseIsGone();
      expect((await a.waitForGeneration(user, id)).status).toBe("done");
      // One plan, one generation: it counts once against his daily cap and in the operator's figures, and ends.
      expect(await plans()).toEqual([{ status: "done" }]);
    } finally {
      // A's cut-off model call ends after all: the generation stays one, and done.
      gate.open();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await plans()).toEqual([{ status: "done" }]);
  });

  /** A response whose run died on every instance that took it: its lease long gone, its third attempt spent. */
  async function runThatDiedThreeTimes(owner: string, generationPartial?: { modelGenerationId?: string }) {
    const [response] = await a.db
      .insert(quizResponses)
      .values({
        userId: owner,
        userEmail: "x@example.com",
        answers: answersFor(MARCUS),
        generationStatus: "running",
        generationStage: "mission",
        generationStartedAt: new Date(),
        generationRunId: crypto.randomUUID(),
        generationLeaseUntil: new Date(Date.now() - 1_000),
        generationAttempts: 3,
        ...(generationPartial ? { generationPartial } : {}),
      })
      .returning({ id: quizResponses.id });
    return response;
  }

  it("issue 52 row 9: closes the dead instance's model generation of a run that died three times", async () => {
    const owner = (await a.createUser()).id;
    const [generation] = await a.db
      .insert(modelGenerations)
      .values({ userId: owner, kind: "plan", provider: "offline", model: "offline", createdAt: new Date() })
      .returning({ id: modelGenerations.id });
    const response = await runThatDiedThreeTimes(owner, { modelGenerationId: generation?.id });
    expect(await takeOverAbandonedRuns(b)).toBe(0);
    expect((await row(response?.id ?? "")).generationStatus).toBe("failed");
    const [closed] = await a.db
      .select()
      .from(modelGenerations)
      .where(eq(modelGenerations.id, generation?.id ?? ""));
    expect(closed?.status).toBe("failed");
  });

  it("is given to B at once when A stops, and A's cut-off model call writes no failure", async () => {
    const user = await a.createUser();
    const { id, gate } = await runStuckOnA(user);
    // B looks only when told (its timer would take a minute), so what is measured is the hand-over.
    const takeovers = startGenerationTakeovers(b, { intervalMs: 60_000 });
    try {
      const started = Date.now();
      expect(await a.deps.generations.handBack()).toBe(1);
      const state = await a.waitForGeneration(user, id);
      expect(state.status).toBe("done");
      expect(Date.now() - started).toBeLessThan(10_000);
      // Given back, not died: it does not count against the run.
      expect((await row(id)).generationAttempts).toBe(1);
      gate.fail();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await row(id)).generationStatus).toBe("done");
      expect((await row(id)).generationError).toBeNull();
      // Issue 52 row 9: B continued A's model generation, and A's cut-off call did not end it as failed.
      const generations = await a.db
        .select({ status: modelGenerations.status })
        .from(modelGenerations)
        .where(and(eq(modelGenerations.userId, user.id), eq(modelGenerations.kind, "plan")));
      expect(generations).toEqual([{ status: "done" }]);
    } finally {
      await takeovers.stop();
    }
  });

  it("starts nothing on a stopping instance: a run asked of A then is written by B", async () => {
    // A already gave its runs back in the test above and is draining.
    expect(a.deps.generations.draining).toBe(true);
    const user = await a.createUser();
    const takeovers = startGenerationTakeovers(b, { intervalMs: 60_000 });
    try {
      const before = aAi.calls.mission;
      const created = await user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } });
      const { id } = await created.json();
      const started = await user.api.quiz.responses[":id"].generate.$post({ param: { id } });
      expect(started.status).toBeLessThan(300);
      expect((await a.waitForGeneration(user, id)).status).toBe("done");
      expect(aAi.calls.mission).toBe(before);
    } finally {
      await takeovers.stop();
    }
  });

  it("ends as failed, with 'Try Again', a run that died three times", async () => {
    const owner = (await a.createUser()).id;
    const response = await runThatDiedThreeTimes(owner);
    expect(await takeOverAbandonedRuns(b)).toBe(0);
    const failed = await row(response?.id ?? "");
    expect(failed.generationStatus).toBe("failed");
    expect(failed.generationError).toBeTruthy();
  });
});
