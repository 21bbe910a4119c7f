import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { buildValidatedRun } from "#tests/support/builders/onboarding.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

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

  it("names the signed-in user, when he joined, and whether onboarding is done", async () => {
    const before = Date.now();
    const user = await t.createUser({ firstName: "Jonas" });
    const me = await (await user.api.me.$get()).json();
    expect(me).toEqual({
      user: { id: user.id, email: user.email, firstName: "Jonas", createdAt: expect.any(String) },
      onboarding: { runValidated: false },
    });
    const joined = Date.parse(me.user?.createdAt ?? "");
    expect(new Date(joined).toISOString()).toBe(me.user?.createdAt);
    expect(joined).toBeGreaterThanOrEqual(before - 1000);
    expect(joined).toBeLessThanOrEqual(Date.now());

    await buildValidatedRun(t.db, user.id);
    const after = await (await user.api.me.$get()).json();
    expect(after.onboarding).toEqual({ runValidated: true });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("PATCH /api/me", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("changes the first name, trimmed, and every later answer uses it", async () => {
    const user = await t.createUser({ firstName: "Jonas" });
    const response = await user.api.me.$patch({ json: { firstName: "  Jonathan " } });
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.user).toMatchObject({ id: user.id, email: user.email, firstName: "Jonathan" });

    const me = await (await user.api.me.$get()).json();
    expect(me.user?.firstName).toBe("Jonathan");
    expect(me.user?.createdAt).toBe(saved.user?.createdAt);
    const dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.firstName).toBe("Jonathan");
  });

  it("applies the sign-up rules and keeps the old name when refused", async () => {
    const user = await t.createUser({ firstName: "Jonas" });
    const blank = await user.api.me.$patch({ json: { firstName: "   " } });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: "First name is required." });
    const long = await user.api.me.$patch({ json: { firstName: "J".repeat(51) } });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: "First name must be at most 50 characters." });
    const missing = await user.api.me.$patch({ json: {} as never });
    expect(await missing.json()).toEqual({ error: "First name is required." });
    expect((await (await user.api.me.$get()).json()).user?.firstName).toBe("Jonas");
  });

  it("changes only the signed-in user's name and asks for a session", async () => {
    const user = await t.createUser({ firstName: "Jonas" });
    const other = await t.createUser({ firstName: "Dev" });
    await user.api.me.$patch({ json: { firstName: "Jo" } });
    expect((await (await other.api.me.$get()).json()).user?.firstName).toBe("Dev");
    const anonymous = await t.api.me.$patch({ json: { firstName: "Nobody" } });
    expect(anonymous.status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
