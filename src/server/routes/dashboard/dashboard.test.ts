import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { profiles, todos } from "../../db/schema.ts";
import { userWithPlan } from "../quiz/quiz-test-helpers.ts";

describe("workflow and dashboard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are empty for a new user", async () => {
    const user = await t.createUser({ firstName: "Sam" });
    expect(await (await t.request("/api/workflow", { cookie: user.cookie })).json()).toEqual({
      quizResponseId: null,
      missionStatement: null,
      challenges: [],
    });
    expect(await (await t.request("/api/dashboard", { cookie: user.cookie })).json()).toEqual({
      firstName: "Sam",
      tokens: { remaining: 5, unlimited: false },
      mission: null,
      challenges: [],
    });
    expect((await t.request("/api/dashboard")).status).toBe(401);
  });

  it("shows the accepted challenges in the workflow and only dated milestones on the dashboard", async () => {
    const { user, plan, quizResponseId } = await userWithPlan(t, undefined, { firstName: "Marcus" });
    const [accepted, other] = plan.challenges;
    await t.request(`/api/challenges/${accepted!.id}`, {
      method: "PATCH",
      cookie: user.cookie,
      body: { challengeAccepted: true },
    });

    const workflow = await (await t.request("/api/workflow", { cookie: user.cookie })).json();
    expect(workflow.quizResponseId).toBe(quizResponseId);
    expect(workflow.missionStatement).toEqual(expect.any(String));
    expect(workflow.challenges.map((c: { id: string }) => c.id)).toEqual([accepted!.id]);

    // Accepted but no deadlines yet: not on the dashboard.
    let dashboard = await (await t.request("/api/dashboard", { cookie: user.cookie })).json();
    expect(dashboard.challenges).toEqual([]);
    expect(dashboard.mission.lifeMission).toBe(plan.lifeMission);

    const [first] = accepted!.milestones;
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await t.request(`/api/milestones/${first!.id}`, {
      method: "PATCH",
      cookie: user.cookie,
      body: { milestoneDeadline: deadline },
    });
    // A deadline on a challenge that is not accepted changes nothing on the dashboard.
    await t.request(`/api/milestones/${other!.milestones[0]!.id}`, {
      method: "PATCH",
      cookie: user.cookie,
      body: { milestoneDeadline: deadline },
    });
    await t.db.insert(todos).values({ milestoneId: first!.id, userId: user.id, todoDescription: "Buy sandpaper" });

    dashboard = await (await t.request("/api/dashboard", { cookie: user.cookie })).json();
    expect(dashboard.firstName).toBe("Marcus");
    expect(dashboard.challenges).toHaveLength(1);
    expect(dashboard.challenges[0].id).toBe(accepted!.id);
    expect(dashboard.challenges[0].milestones).toEqual([
      expect.objectContaining({
        id: first!.id,
        milestoneType: "immediate",
        milestoneDeadline: `${deadline}T23:59:59.000Z`,
        todos: [expect.objectContaining({ todoDescription: "Buy sandpaper", todoCompleted: false })],
      }),
    ]);
  });

  it("shows unlimited tokens for premium and never another user's plan", async () => {
    const { user } = await userWithPlan(t);
    await t.db.update(profiles).set({ tokensRemaining: -1 }).where(eq(profiles.id, user.id));
    const stranger = await t.createUser();
    const mine = await (await t.request("/api/dashboard", { cookie: user.cookie })).json();
    expect(mine.tokens).toEqual({ remaining: -1, unlimited: true });
    const theirs = await (await t.request("/api/dashboard", { cookie: stranger.cookie })).json();
    expect(theirs.mission).toBeNull();
    expect((await (await t.request("/api/workflow", { cookie: stranger.cookie })).json()).challenges).toEqual([]);
  });
});
