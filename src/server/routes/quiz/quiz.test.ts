import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challenges, profiles, quizResponses, tokenUsage } from "#server/db/schema.ts";
import type { SubmitQuizRequest } from "#shared/quiz/contracts.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { buildSpentTokens } from "#tests/support/builders/tokens.ts";
import { answersFor, DEV, MARCUS } from "#tests/support/personas.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

describe("quiz API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function submit(user: TestUser, json: SubmitQuizRequest) {
    return user.api.quiz.responses.$post({ json });
  }
  const generate = (user: TestUser, id: string) => user.api.quiz.responses[":id"].generate.$post({ param: { id } });
  const generation = (user: TestUser, id: string) => user.api.quiz.responses[":id"].generation.$get({ param: { id } });
  const result = (user: TestUser, id: string) => user.api.quiz.responses[":id"].$get({ param: { id } });
  const latest = async (user: TestUser) => (await user.api.quiz.latest.$get()).json();

  it("validates the answers and changes nothing on bad input", async () => {
    const user = await t.createUser();
    const four = answersFor(MARCUS).slice(0, 4);
    expect(await (await submit(user, { answers: four })).json()).toEqual({
      error: "Please answer all 5 questions.",
    });
    const blank = answersFor(["a", "b", "  <b> </b> ", "d", "e"]);
    const response = await submit(user, { answers: blank });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please answer every question." });
    const tooLong = answersFor(["x".repeat(2001), "b", "c", "d", "e"]);
    expect((await submit(user, { answers: tooLong })).status).toBe(400);
    expect(await latest(user)).toEqual({ response: null });
  });

  it("stores answers with real tags stripped, harmless brackets kept, and reports the latest response", async () => {
    const user = await t.createUser();
    const texts = [...MARCUS];
    texts[0] = "<script>alert(1)</script>Couch and <i>Instagram</i> all evening";
    texts[1] = "I <b>really</b> <3 wood, and 2 < 3";
    const response = await submit(user, { answers: answersFor(texts) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const { response: stored } = await latest(user);
    expect(stored).toMatchObject({ id, status: "in_progress", generationStatus: "idle", completedAt: null });
    expect(stored?.answers[0]?.answer).toBe("alert(1)Couch and Instagram all evening");
    expect(stored?.answers[1]?.answer).toBe("I really <3 wood, and 2 < 3");
  });

  it("generates the plan in stages and stores mission, 3 challenges and 9 milestones", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user, { answers: answersFor(MARCUS) })).json();
    const start = await generate(user, id);
    expect(start.status).toBe(202);
    expect((await start.json()).generation.status).toBe("running");
    const state = await t.waitForGeneration(user, id);
    expect(state).toEqual({ status: "done", stage: "done", error: null, preview: null });

    const plan = await (await result(user, id)).json();
    expect(plan.status).toBe("analyzed");
    for (const field of [
      "lifeMission",
      "missionStatement",
      "vision",
      "screenToActionPlan",
      "accountabilityFramework",
    ] as const) {
      expect(plan[field]).toEqual(expect.any(String));
    }
    expect(plan.challenges).toHaveLength(3);
    expect(plan.challengeLimit).toEqual({ maxActive: 1, premium: false });
    for (const challenge of plan.challenges) {
      expect(challenge.challengeAccepted).toBe(false);
      expect(challenge.insight).toEqual(expect.any(String));
      expect(challenge.milestones.map((m) => m.milestoneType)).toEqual(["immediate", "short_term", "medium_term"]);
    }
    expect((await latest(user)).response?.completedAt).toEqual(expect.any(String));
  });

  it("starts one generation for two concurrent requests and nothing after it is done", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user, { answers: answersFor(DEV) })).json();
    const both = await Promise.all([generate(user, id), generate(user, id), generate(user, id)]);
    expect(both.map((r) => r.status)).toEqual([202, 202, 202]);
    await t.waitForGeneration(user, id);
    const after = await generate(user, id);
    expect((await after.json()).generation.status).toBe("done");
    await new Promise((r) => setTimeout(r, 100));
    const rows = await t.db.select().from(challenges).where(eq(challenges.quizResponseId, id));
    expect(rows).toHaveLength(3);
  });

  it("refuses new answers while his plan is being written (409) and keeps the run's answers", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user, { answers: answersFor(DEV) })).json();
    await t.db
      .update(quizResponses)
      .set({ generationStatus: "running", generationStage: "mission", generationStartedAt: new Date() })
      .where(eq(quizResponses.id, id));
    const [before] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, id));
    const again = await submit(user, { answers: answersFor(MARCUS) });
    expect(again.status).toBe(409);
    expect(await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id))).toEqual([before]);
  });

  it("restarts a run left 'running' by a dead server once it is stale", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user, { answers: answersFor(DEV) })).json();
    await t.db
      .update(quizResponses)
      .set({
        generationStatus: "running",
        generationStage: "mission",
        generationStartedAt: new Date(Date.now() - 60_000),
      })
      .where(eq(quizResponses.id, id));
    const fresh = await generate(user, id);
    expect((await fresh.json()).generation).toMatchObject({ status: "running", stage: "mission" }); // not stale yet

    await t.db
      .update(quizResponses)
      .set({ generationStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(quizResponses.id, id));
    // The poller is told it failed (the screen offers Try Again) instead of waiting forever …
    const stale = await (await generation(user, id)).json();
    expect(stale).toEqual({
      status: "failed",
      stage: "mission",
      error: "Failed to generate challenges.",
      preview: null,
    });
    // … and a new generate request restarts the run.
    await generate(user, id);
    expect((await t.waitForGeneration(user, id)).status).toBe("done");
  });

  it("answers 404 for another user's quiz response on every endpoint", async () => {
    const { quizResponseId } = await t.userWithPlan();
    const intruder = await t.createUser();
    const calls: Array<[string, () => Promise<Response>]> = [
      ["GET result", () => result(intruder, quizResponseId)],
      ["GET generation", () => generation(intruder, quizResponseId)],
      ["POST generate", () => generate(intruder, quizResponseId)],
      ["GET result of not-a-uuid", () => result(intruder, "not-a-uuid")],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ error: "Quiz response not found" });
    }
    const edit = await submit(intruder, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(edit.status).toBe(404);
    const [row] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, quizResponseId));
    expect(row?.answers[0]?.answer).toBe(MARCUS[0]);
  });

  it("charges a free user 1 token for a retake and refuses it without tokens", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const retake = await submit(user, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(retake.status).toBe(201);
    const { id: newId } = await retake.json();
    expect(newId).not.toBe(quizResponseId);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(4);
    const usage = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage.map((u) => u.actionType)).toEqual(["quiz_retake"]);
    // The old plan stays intact until the retake is analyzed.
    const old = await (await result(user, quizResponseId)).json();
    expect(old.status).toBe("analyzed");

    // Submitting again reuses the unfinished retake: no second charge.
    const again = await submit(user, { answers: answersFor(MARCUS) });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(newId);
    const [unchanged] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(unchanged?.tokensRemaining).toBe(4);

    await generate(user, newId);
    await t.waitForGeneration(user, newId);
    await buildSpentTokens(t.db, user.id);
    const broke = await submit(user, { answers: answersFor(DEV), responseId: newId });
    expect(broke.status).toBe(402);
    expect(await broke.json()).toEqual({ error: "Insufficient tokens" });
    const all = await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id));
    expect(all).toHaveLength(2);
  });

  it("charges a double-clicked retake once", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const body = { answers: answersFor(DEV), responseId: quizResponseId };
    const results = await Promise.all([submit(user, body), submit(user, body)]);
    const ids = await Promise.all(results.map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(4);
  });

  it("lets a premium user retake for free and logs the usage", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", tokensRemaining: -1 })
      .where(eq(profiles.id, user.id));
    expect((await (await result(user, quizResponseId)).json()).challengeLimit).toEqual({
      maxActive: 3,
      premium: true,
    });
    const retake = await submit(user, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(retake.status).toBe(201);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(-1);
    expect(await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id))).toHaveLength(1);
  });

  it("edit mode on an unfinished response replaces its answers", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user, { answers: answersFor(MARCUS) })).json();
    const edit = await submit(user, { answers: answersFor(DEV), responseId: id });
    expect(edit.status).toBe(200);
    expect((await edit.json()).id).toBe(id);
    expect((await latest(user)).response?.answers[2]?.answer).toBe(DEV[2]);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
