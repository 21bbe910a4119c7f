import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** The offline copy's tag as a browser would receive it from `response`: its value, "" when removed, null when untouched. */
function copyTagIn(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("unscroll.copy="));
  if (!cookie) return null;
  expect(cookie).toContain("Path=/");
  expect(cookie).not.toContain("HttpOnly");
  return cookie.slice("unscroll.copy=".length).split(";")[0] ?? "";
}

/** Issue 57 row 4, decision 0170: the tag that lets this browser put back only the signed-in man's offline copy. */
describe("the offline copy's tag", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is set for the signed-in man, the same on every answer, his own, and naming nobody", async () => {
    const marcus = await t.createUser();
    const jon = await t.createUser({ firstName: "Jon" });
    const first = copyTagIn(await t.request("/api/me", { cookie: marcus.cookie }));
    expect(first).toMatch(/^[\w-]{22}$/);
    expect(first).not.toContain(marcus.id);
    const held = `${marcus.cookie}; unscroll.copy=${first}`;
    // Held already: no answer sets it again.
    expect(copyTagIn(await t.request("/api/dashboard", { cookie: held }))).toBeNull();
    expect(copyTagIn(await t.request("/api/me", { cookie: jon.cookie }))).not.toBe(first);
    // A browser holding another man's tag gets its own man's.
    expect(copyTagIn(await t.request("/api/me", { cookie: `${jon.cookie}; unscroll.copy=${first}` }))).not.toBe(first);
  });

  it("is removed by the first answer once his session has ended, and never by the health check", async () => {
    const marcus = await t.createUser();
    const tag = copyTagIn(await t.request("/api/me", { cookie: marcus.cookie }));
    const signOut = await t.request("/api/auth/sign-out", { cookie: marcus.cookie, body: {} });
    expect(signOut.status).toBe(200);
    expect(copyTagIn(signOut)).toBe("");
    // A browser that missed that answer (his session ended elsewhere) loses the tag on its next answer.
    const held = `${marcus.cookie}; unscroll.copy=${tag}`;
    expect(copyTagIn(await t.request("/api/health", { cookie: held }))).toBeNull();
    expect(copyTagIn(await t.request("/api/me", { cookie: held }))).toBe("");
    // Nobody signed in and no tag held: nothing to say.
    expect(copyTagIn(await t.request("/api/me"))).toBeNull();
  });

  it("is removed by a sign-in, until the next answer names the man who signed in", async () => {
    const marcus = await t.createUser();
    const signIn = await t.request("/api/auth/sign-in/email", {
      body: { email: marcus.email, password: marcus.password },
    });
    expect(signIn.status).toBe(200);
    expect(copyTagIn(signIn)).toBe("");
  });

  it("is removed with his account", async () => {
    const marcus = await t.createUser();
    const deleted = await t.request("/api/me/delete", { cookie: marcus.cookie, body: { password: marcus.password } });
    expect(deleted.status).toBe(200);
    expect(copyTagIn(deleted)).toBe("");
  });
});
