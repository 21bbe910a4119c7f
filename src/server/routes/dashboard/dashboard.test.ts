import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { profiles, todos } from "../../db/schema.ts";

describe("GET /api/dashboard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is empty for a new user", async () => {
    const user = await t.createUser({ firstName: "Sam" });
    expect(await (await user.api.dashboard.$get()).json()).toEqual({
      firstName: "Sam",
      tokens: { remaining: 5, unlimited: false },
      mission: null,
      challenges: [],
    });
    expect((await t.api.dashboard.$get()).status).toBe(401);
  });

  it("shows only the accepted challenges' dated milestones", async () => {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const [accepted, other] = plan.challenges;
    await user.api.challenges[":id"].$patch({ param: { id: accepted!.id }, json: { challengeAccepted: true } });

    // Accepted but no deadlines yet: not on the dashboard.
    let dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.challenges).toEqual([]);
    expect(dashboard.mission?.lifeMission).toBe(plan.lifeMission);

    const [first] = accepted!.milestones;
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await user.api.milestones[":id"].$patch({ param: { id: first!.id }, json: { milestoneDeadline: deadline } });
    // A deadline on a challenge that is not accepted changes nothing on the dashboard.
    await user.api.milestones[":id"].$patch({
      param: { id: other!.milestones[0]!.id },
      json: { milestoneDeadline: deadline },
    });
    await t.db.insert(todos).values({ milestoneId: first!.id, userId: user.id, todoDescription: "Buy sandpaper" });

    dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.firstName).toBe("Marcus");
    expect(dashboard.challenges).toHaveLength(1);
    expect(dashboard.challenges[0]?.id).toBe(accepted!.id);
    expect(dashboard.challenges[0]?.milestones).toEqual([
      expect.objectContaining({
        id: first!.id,
        milestoneType: "immediate",
        milestoneDeadline: `${deadline}T23:59:59.000Z`,
        todos: [expect.objectContaining({ todoDescription: "Buy sandpaper", todoCompleted: false })],
      }),
    ]);
  });

  it("shows unlimited tokens for premium and never another user's plan", async () => {
    const { user } = await t.userWithPlan();
    await t.db.update(profiles).set({ tokensRemaining: -1 }).where(eq(profiles.id, user.id));
    const stranger = await t.createUser();
    const mine = await (await user.api.dashboard.$get()).json();
    expect(mine.tokens).toEqual({ remaining: -1, unlimited: true });
    const theirs = await (await stranger.api.dashboard.$get()).json();
    expect(theirs.mission).toBeNull();
  });
});
