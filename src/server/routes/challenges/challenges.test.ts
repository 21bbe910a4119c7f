import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { challenges, profiles } from "../../db/schema.ts";
import { userWithPlan } from "../quiz/quiz-test-helpers.ts";

const LIMIT = "Free plan includes 1 active challenge. Upgrade to Premium for up to 3.";

describe("PATCH /api/challenges/:id", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (id: string, cookie: string, body: unknown) =>
    t.request(`/api/challenges/${id}`, { method: "PATCH", cookie, body });

  it("edits title and description, trimmed, and rejects blanks", async () => {
    const { user, plan } = await userWithPlan(t);
    const id = plan.challenges[0]!.id;
    const ok = await patch(id, user.cookie, { title: "  Sell ten tables ", description: "Ten tables by summer." });
    expect(ok.status).toBe(200);
    expect((await ok.json()).challenge).toMatchObject({
      id,
      title: "Sell ten tables",
      description: "Ten tables by summer.",
    });
    expect(await (await patch(id, user.cookie, { title: "   " })).json()).toEqual({ error: "Title is required" });
    expect(await (await patch(id, user.cookie, { description: "" })).json()).toEqual({
      error: "Description is required",
    });
    expect((await patch(id, user.cookie, {})).status).toBe(400);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row?.title).toBe("Sell ten tables");
  });

  it("answers 404 for another user's challenge and changes nothing", async () => {
    const { plan } = await userWithPlan(t);
    const intruder = await t.createUser();
    const id = plan.challenges[0]!.id;
    const response = await patch(id, intruder.cookie, { challengeAccepted: true, title: "Mine now" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Challenge not found" });
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
    expect(row).toMatchObject({ challengeAccepted: false, title: plan.challenges[0]!.title });
  });

  it("lets a free user accept one challenge, refuses a second, and allows switching", async () => {
    const { user, plan } = await userWithPlan(t);
    const [a, b] = plan.challenges;
    expect(
      (await (await patch(a!.id, user.cookie, { challengeAccepted: true })).json()).challenge.challengeAccepted,
    ).toBe(true);
    const second = await patch(b!.id, user.cookie, { challengeAccepted: true });
    expect(second.status).toBe(403);
    expect(await second.json()).toEqual({ error: LIMIT });
    await patch(a!.id, user.cookie, { challengeAccepted: false });
    expect((await patch(b!.id, user.cookie, { challengeAccepted: true })).status).toBe(200);
    // Accepting the already accepted one again is not a second challenge.
    expect((await patch(b!.id, user.cookie, { challengeAccepted: true })).status).toBe(200);
  });

  it("never lets two parallel accepts of a free user both succeed", async () => {
    const { user, plan, quizResponseId } = await userWithPlan(t);
    const results = await Promise.all(
      plan.challenges.map((c) => patch(c.id, user.cookie, { challengeAccepted: true })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const accepted = await t.db.select().from(challenges).where(eq(challenges.quizResponseId, quizResponseId));
    expect(accepted.filter((c) => c.challengeAccepted)).toHaveLength(1);
  });

  it("lets a premium user accept all three", async () => {
    const { user, plan } = await userWithPlan(t);
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", tokensRemaining: -1 })
      .where(eq(profiles.id, user.id));
    const results = await Promise.all(
      plan.challenges.map((c) => patch(c.id, user.cookie, { challengeAccepted: true })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("treats a premium status whose end date has passed as free", async () => {
    const { user, plan } = await userWithPlan(t);
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", subscriptionEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(profiles.id, user.id));
    await patch(plan.challenges[0]!.id, user.cookie, { challengeAccepted: true });
    expect((await patch(plan.challenges[1]!.id, user.cookie, { challengeAccepted: true })).status).toBe(403);
  });
});
