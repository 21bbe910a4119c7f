import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, tokenUsage } from "#server/db/schema.ts";
import { tokenPeriod } from "#shared/tokens/rules.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { consumeToken, tokenBalance } from "./tokens.ts";

describe("tokens service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function profile(userId: string) {
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    return row!;
  }

  it("spends one token per use, logs it, and refuses at 0 without going below", async () => {
    const user = await t.createUser();
    const now = new Date();
    for (let left = 4; left >= 0; left--) {
      expect((await consumeToken(t.db, user.id, "magic_button", now)).tokensRemaining).toBe(left);
    }
    // http/errors.test.ts: this code answers 402 "Insufficient tokens".
    await expect(consumeToken(t.db, user.id, "magic_button", now)).rejects.toMatchObject({
      code: "tokens.insufficient",
    });
    expect((await profile(user.id)).tokensRemaining).toBe(0);
    expect(await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id))).toHaveLength(5);
  });

  it("rejects an unknown action without touching the balance", async () => {
    const user = await t.createUser();
    await expect(consumeToken(t.db, user.id, "free_lunch")).rejects.toMatchObject({ code: "tokens.invalidAction" });
    expect((await profile(user.id)).tokensRemaining).toBe(5);
  });

  it("never spends twice under concurrent calls (issue 24 #2: one moment for all of them)", async () => {
    const user = await t.createUser();
    // One moment for the stored month and every call: a month ending during the test cannot top the balance up.
    const now = new Date();
    await t.db
      .update(profiles)
      .set({ tokensRemaining: 3, tokensPeriod: tokenPeriod(now) })
      .where(eq(profiles.id, user.id));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => consumeToken(t.db, user.id, "magic_button", now)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect((await profile(user.id)).tokensRemaining).toBe(0);
    expect(await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id))).toHaveLength(3);
  });

  it("tops the free balance up to 5 at the first use in a new month, without accumulating", async () => {
    const user = await t.createUser();
    await t.db.update(profiles).set({ tokensRemaining: 0, tokensPeriod: "2026-01" }).where(eq(profiles.id, user.id));
    const february = new Date("2026-02-03T10:00:00Z");
    expect(await tokenBalance(t.db, user.id, february)).toEqual({ remaining: 5, unlimited: false });
    expect((await consumeToken(t.db, user.id, "quiz_retake", february)).tokensRemaining).toBe(4);
    expect((await consumeToken(t.db, user.id, "quiz_retake", february)).tokensRemaining).toBe(3);
    expect((await profile(user.id)).tokensPeriod).toBe("2026-02");

    await t.db.update(profiles).set({ tokensRemaining: 9 }).where(eq(profiles.id, user.id));
    expect((await consumeToken(t.db, user.id, "magic_button", new Date("2026-03-01T00:00:01Z"))).tokensRemaining).toBe(
      4,
    );
  });

  it("consumes nothing for premium (-1 or a paid period not yet over) but logs the usage", async () => {
    const unlimited = await t.createUser();
    await t.db.update(profiles).set({ tokensRemaining: -1 }).where(eq(profiles.id, unlimited.id));
    expect(await consumeToken(t.db, unlimited.id, "magic_button")).toEqual({
      unlimited: true,
      tokensRemaining: -1,
      message: "Action completed (Premium - Unlimited tokens)",
    });

    const subscriber = await t.createUser();
    await t.db
      .update(profiles)
      .set({ tokensRemaining: 0, subscriptionStatus: "premium", subscriptionEndsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(profiles.id, subscriber.id));
    expect((await consumeToken(t.db, subscriber.id, "magic_button")).unlimited).toBe(true);
    expect((await profile(subscriber.id)).tokensRemaining).toBe(0);
    expect(await tokenBalance(t.db, subscriber.id)).toEqual({ remaining: -1, unlimited: true });
    expect(await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, subscriber.id))).toHaveLength(1);
  });

  it("says when the profile does not exist", async () => {
    await expect(consumeToken(t.db, "nobody", "magic_button")).rejects.toMatchObject({
      code: "tokens.profileMissing",
    });
  });
});
