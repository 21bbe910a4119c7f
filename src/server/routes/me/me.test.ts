import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { runValidations } from "../../db/schema.ts";

describe("GET /api/me", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says nobody is signed in without a session", async () => {
    const response = await t.api.me.$get();
    expect(await response.json()).toEqual({ user: null, onboarding: null });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("names the signed-in user and whether onboarding is done", async () => {
    const user = await t.createUser({ firstName: "Jonas" });
    const before = await (await user.api.me.$get()).json();
    expect(before).toEqual({
      user: { id: user.id, email: user.email, firstName: "Jonas" },
      onboarding: { runValidated: false },
    });

    await t.db.insert(runValidations).values({ userId: user.id, todayDuration: 75, notes: "Hardest hour of my year." });
    const after = await (await user.api.me.$get()).json();
    expect(after.onboarding).toEqual({ runValidated: true });
  });
});
