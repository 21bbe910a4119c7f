import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { challenges, profiles, quizResponses, tokenUsage } from "../../db/schema.ts";
import { answersFor, DEV, MARCUS, userWithPlan, waitForGeneration } from "./quiz-test-helpers.ts";

describe("quiz API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function submit(cookie: string, body: unknown) {
    return t.request("/api/quiz/responses", { cookie, body });
  }

  it("validates the answers and changes nothing on bad input", async () => {
    const user = await t.createUser();
    const four = answersFor(MARCUS).slice(0, 4);
    expect(await (await submit(user.cookie, { answers: four })).json()).toEqual({
      error: "Please answer all 5 questions.",
    });
    const blank = answersFor(["a", "b", "  <b> </b> ", "d", "e"]);
    const response = await submit(user.cookie, { answers: blank });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please answer every question." });
    const tooLong = answersFor(["x".repeat(2001), "b", "c", "d", "e"]);
    expect((await submit(user.cookie, { answers: tooLong })).status).toBe(400);
    const latest = await (await t.request("/api/quiz/latest", { cookie: user.cookie })).json();
    expect(latest).toEqual({ response: null });
  });

  it("stores answers with tags stripped and reports the latest response", async () => {
    const user = await t.createUser();
    const texts = [...MARCUS];
    texts[0] = "<script>alert(1)</script>Couch and <i>Instagram</i> all evening";
    const response = await submit(user.cookie, { answers: answersFor(texts) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const latest = await (await t.request("/api/quiz/latest", { cookie: user.cookie })).json();
    expect(latest.response).toMatchObject({ id, status: "in_progress", generationStatus: "idle", completedAt: null });
    expect(latest.response.answers[0].answer).toBe("alert(1)Couch and Instagram all evening");
  });

  it("generates the plan in stages and stores mission, 3 challenges and 9 milestones", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user.cookie, { answers: answersFor(MARCUS) })).json();
    const start = await t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie: user.cookie });
    expect(start.status).toBe(202);
    expect((await start.json()).generation.status).toBe("running");
    const state = await waitForGeneration(t, user.cookie, id);
    expect(state).toEqual({ status: "done", stage: "done", error: null });

    const plan = await (await t.request(`/api/quiz/responses/${id}`, { cookie: user.cookie })).json();
    expect(plan.status).toBe("analyzed");
    for (const field of [
      "lifeMission",
      "missionStatement",
      "vision",
      "screenToActionPlan",
      "accountabilityFramework",
    ]) {
      expect(plan[field]).toEqual(expect.any(String));
    }
    expect(plan.challenges).toHaveLength(3);
    for (const challenge of plan.challenges) {
      expect(challenge.challengeAccepted).toBe(false);
      expect(challenge.insight).toEqual(expect.any(String));
      expect(challenge.milestones.map((m: { milestoneType: string }) => m.milestoneType)).toEqual([
        "immediate",
        "short_term",
        "medium_term",
      ]);
    }
    const latest = await (await t.request("/api/quiz/latest", { cookie: user.cookie })).json();
    expect(latest.response.completedAt).toEqual(expect.any(String));
  });

  it("starts one generation for two concurrent requests and nothing after it is done", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user.cookie, { answers: answersFor(DEV) })).json();
    const generate = () => t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie: user.cookie });
    const both = await Promise.all([generate(), generate(), generate()]);
    expect(both.map((r) => r.status)).toEqual([202, 202, 202]);
    await waitForGeneration(t, user.cookie, id);
    const after = await generate();
    expect((await after.json()).generation.status).toBe("done");
    await new Promise((r) => setTimeout(r, 100));
    const rows = await t.db.select().from(challenges).where(eq(challenges.quizResponseId, id));
    expect(rows).toHaveLength(3);
  });

  it("restarts a run left 'running' by a dead server once it is stale", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user.cookie, { answers: answersFor(DEV) })).json();
    await t.db
      .update(quizResponses)
      .set({
        generationStatus: "running",
        generationStage: "mission",
        generationStartedAt: new Date(Date.now() - 60_000),
      })
      .where(eq(quizResponses.id, id));
    const fresh = await t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie: user.cookie });
    expect((await fresh.json()).generation).toMatchObject({ status: "running", stage: "mission" }); // not stale yet

    await t.db
      .update(quizResponses)
      .set({ generationStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(quizResponses.id, id));
    // The poller is told it failed (the screen offers Try Again) instead of waiting forever …
    const stale = await (await t.request(`/api/quiz/responses/${id}/generation`, { cookie: user.cookie })).json();
    expect(stale).toEqual({ status: "failed", stage: "mission", error: "Failed to generate challenges." });
    // … and a new generate request restarts the run.
    await t.request(`/api/quiz/responses/${id}/generate`, { method: "POST", cookie: user.cookie });
    expect((await waitForGeneration(t, user.cookie, id)).status).toBe("done");
  });

  it("answers 404 for another user's quiz response on every endpoint", async () => {
    const { quizResponseId } = await userWithPlan(t);
    const intruder = await t.createUser();
    const paths: Array<[string, string]> = [
      ["GET", `/api/quiz/responses/${quizResponseId}`],
      ["GET", `/api/quiz/responses/${quizResponseId}/generation`],
      ["POST", `/api/quiz/responses/${quizResponseId}/generate`],
      ["GET", "/api/quiz/responses/not-a-uuid"],
    ];
    for (const [method, path] of paths) {
      const response = await t.request(path, { method, cookie: intruder.cookie });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "Quiz response not found" });
    }
    const edit = await submit(intruder.cookie, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(edit.status).toBe(404);
    const [row] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, quizResponseId));
    expect(row?.answers[0]?.answer).toBe(MARCUS[0]);
  });

  it("charges a free user 1 token for a retake and refuses it without tokens", async () => {
    const { user, quizResponseId } = await userWithPlan(t);
    const retake = await submit(user.cookie, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(retake.status).toBe(201);
    const { id: newId } = await retake.json();
    expect(newId).not.toBe(quizResponseId);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(4);
    const usage = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage.map((u) => u.actionType)).toEqual(["quiz_retake"]);
    // The old plan stays intact until the retake is analyzed.
    const old = await (await t.request(`/api/quiz/responses/${quizResponseId}`, { cookie: user.cookie })).json();
    expect(old.status).toBe("analyzed");

    // Submitting again reuses the unfinished retake: no second charge.
    const again = await submit(user.cookie, { answers: answersFor(MARCUS) });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(newId);
    const [unchanged] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(unchanged?.tokensRemaining).toBe(4);

    await t.request(`/api/quiz/responses/${newId}/generate`, { method: "POST", cookie: user.cookie });
    await waitForGeneration(t, user.cookie, newId);
    await t.db.update(profiles).set({ tokensRemaining: 0 }).where(eq(profiles.id, user.id));
    const broke = await submit(user.cookie, { answers: answersFor(DEV), responseId: newId });
    expect(broke.status).toBe(402);
    expect(await broke.json()).toEqual({ error: "Insufficient tokens" });
    const all = await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id));
    expect(all).toHaveLength(2);
  });

  it("charges a double-clicked retake once", async () => {
    const { user, quizResponseId } = await userWithPlan(t);
    const body = { answers: answersFor(DEV), responseId: quizResponseId };
    const results = await Promise.all([submit(user.cookie, body), submit(user.cookie, body)]);
    const ids = await Promise.all(results.map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(4);
  });

  it("lets a premium user retake for free and logs the usage", async () => {
    const { user, quizResponseId } = await userWithPlan(t);
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", tokensRemaining: -1 })
      .where(eq(profiles.id, user.id));
    const retake = await submit(user.cookie, { answers: answersFor(DEV), responseId: quizResponseId });
    expect(retake.status).toBe(201);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.tokensRemaining).toBe(-1);
    expect(await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id))).toHaveLength(1);
  });

  it("edit mode on an unfinished response replaces its answers", async () => {
    const user = await t.createUser();
    const { id } = await (await submit(user.cookie, { answers: answersFor(MARCUS) })).json();
    const edit = await submit(user.cookie, { answers: answersFor(DEV), responseId: id });
    expect(edit.status).toBe(200);
    expect((await edit.json()).id).toBe(id);
    const latest = await (await t.request("/api/quiz/latest", { cookie: user.cookie })).json();
    expect(latest.response.answers[2].answer).toBe(DEV[2]);
  });
});
