import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challenges, profiles, subscriptionPlans } from "#server/db/schema.ts";
import type { UpdateChallengeRequest } from "#shared/plan/contracts.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { buildPremium } from "#tests/support/builders/billing.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

const LIMIT = "Free plan includes 1 active challenge. Upgrade to Premium for up to 3.";

describe("PATCH /api/challenges/:id", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (id: string, user: TestUser, json: UpdateChallengeRequest) =>
    user.api.challenges[":id"].$patch({ param: { id }, json });

  it("edits title and description, trimmed, and rejects blanks", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.id;
    const ok = await patch(id, user, { title: "  Sell ten tables ", description: "Ten tables by summer." });
    expect(ok.status).toBe(200);
    expect((await ok.json()).challenge).toMatchObject({
      id,
      title: "Sell ten tables",
      description: "Ten tables by summer.",
    });
    expect(await (await patch(id, user, { title: "   " })).json()).toEqual({ error: "Title is required" });
    expect(await (await patch(id, user, { description: "" })).json()).toEqual({
      error: "Description is required",
    });
    expect((await patch(id, user, {})).status).toBe(400);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row?.title).toBe("Sell ten tables");
  });

  it("answers 404 for another user's challenge and changes nothing", async () => {
    const { plan } = await t.userWithPlan();
    const intruder = await t.createUser();
    const id = plan.challenges[0]!.id;
    const response = await patch(id, intruder, { challengeAccepted: true, title: "Mine now" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Challenge not found" });
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row).toMatchObject({ challengeAccepted: false, title: plan.challenges[0]!.title });
  });

  it("lets a free user accept one challenge, refuses a second, and allows switching", async () => {
    const { user, plan } = await t.userWithPlan();
    const [a, b] = plan.challenges;
    expect((await (await patch(a!.id, user, { challengeAccepted: true })).json()).challenge.challengeAccepted).toBe(
      true,
    );
    const second = await patch(b!.id, user, { challengeAccepted: true });
    expect(second.status).toBe(403);
    expect(await second.json()).toEqual({ error: LIMIT });
    await patch(a!.id, user, { challengeAccepted: false });
    expect((await patch(b!.id, user, { challengeAccepted: true })).status).toBe(200);
    // Accepting the already accepted one again is not a second challenge.
    expect((await patch(b!.id, user, { challengeAccepted: true })).status).toBe(200);
  });

  it("never lets two parallel accepts of a free user both succeed", async () => {
    const { user, plan, quizResponseId } = await t.userWithPlan();
    const results = await Promise.all(plan.challenges.map((c) => patch(c.id, user, { challengeAccepted: true })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const accepted = await t.db.select().from(challenges).where(eq(challenges.quizResponseId, quizResponseId));
    expect(accepted.filter((c) => c.challengeAccepted)).toHaveLength(1);
  });

  it("lets a premium user accept all three", async () => {
    const { user, plan } = await t.userWithPlan();
    await buildPremium(t.deps, user);
    const results = await Promise.all(plan.challenges.map((c) => patch(c.id, user, { challengeAccepted: true })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("reads the limit from the user's row in subscription_plans", async () => {
    const { user, plan } = await t.userWithPlan();
    await t.db.update(subscriptionPlans).set({ maxActiveChallenges: 2 }).where(eq(subscriptionPlans.id, "free"));
    try {
      const results = [];
      for (const c of plan.challenges) results.push((await patch(c.id, user, { challengeAccepted: true })).status);
      expect(results).toEqual([200, 200, 403]);
    } finally {
      await t.db.update(subscriptionPlans).set({ maxActiveChallenges: 1 }).where(eq(subscriptionPlans.id, "free"));
    }
  });

  it("treats a premium status whose end date has passed as free", async () => {
    const { user, plan } = await t.userWithPlan();
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", subscriptionEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(profiles.id, user.id));
    await patch(plan.challenges[0]!.id, user, { challengeAccepted: true });
    expect((await patch(plan.challenges[1]!.id, user, { challengeAccepted: true })).status).toBe(403);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
