import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { sessions } from "../db/schema.ts";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "./session-read.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The fast session read (decision 0095) must decide exactly what better-auth's getSession decides, for every kind of
 * cookie a browser or an attacker can send: the app asks /api/me, and better-auth is asked the same question.
 */
describe("reading the session in one query", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function whoIs(cookie: string) {
    const response = await t.request("/api/me", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string; firstName: string } | null };
    return { user: body.user, setCookie: response.headers.getSetCookie() };
  }

  async function betterAuthSays(cookie: string) {
    const result = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
    return result?.user.id ?? null;
  }

  function cookieValue(cookie: string) {
    return decodeURIComponent(/unscroll\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
  }
  const tokenOf = (cookie: string) => cookieValue(cookie).slice(0, cookieValue(cookie).lastIndexOf("."));
  const signatureOf = (cookie: string) => cookieValue(cookie).slice(cookieValue(cookie).lastIndexOf(".") + 1);

  it("knows a signed-in user, with the same answer as better-auth", async () => {
    const user = await t.createUser();
    expect((await whoIs(user.cookie)).user?.id).toBe(user.id);
    expect(await betterAuthSays(user.cookie)).toBe(user.id);
  });

  it("knows nobody for a cookie whose signature was changed, a bare token or another secret's signature", async () => {
    const user = await t.createUser();
    const token = tokenOf(user.cookie);
    const signature = signatureOf(user.cookie);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const asCookie = (value: string) => `unscroll.session_token=${encodeURIComponent(value)}`;
    const forged = [
      asCookie(`${token}.${flipped}`),
      asCookie(token),
      asCookie(`${token}.${"A".repeat(43)}=`),
      asCookie(`${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}.${signature}`),
    ];
    for (const cookie of forged) {
      expect((await whoIs(cookie)).user, cookie).toBeNull();
      expect(await betterAuthSays(cookie), cookie).toBeNull();
    }
  });

  it("ends a session at once when he signs out: the old cookie no longer works", async () => {
    const user = await t.createUser();
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await whoIs(user.cookie)).user).toBeNull();
  });

  it("ends a session deleted in the database (revoked, or all sessions ended by a password reset)", async () => {
    const user = await t.createUser();
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await whoIs(user.cookie)).user).toBeNull();
  });

  it("knows nobody once the session has expired", async () => {
    const user = await t.createUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await whoIs(user.cookie)).user).toBeNull();
    expect(await betterAuthSays(user.cookie)).toBeNull();
  });

  it("extends a session used a day after it was last extended, and sends the browser the longer cookie", async () => {
    const user = await t.createUser();
    const token = tokenOf(user.cookie);
    const lastExtended = Date.now() - SESSION_UPDATE_AGE_S * 1000 - HOUR_MS;
    const dueForExtension = new Date(lastExtended + SESSION_EXPIRES_IN_S * 1000);
    await t.db.update(sessions).set({ expiresAt: dueForExtension }).where(eq(sessions.token, token));

    const { user: seen, setCookie } = await whoIs(user.cookie);
    expect(seen?.id).toBe(user.id);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(dueForExtension.getTime() + SESSION_UPDATE_AGE_S * 1000 - HOUR_MS);
    expect(setCookie.some((c) => c.startsWith("unscroll.session_token="))).toBe(true);
  });

  it("does not rewrite a session used again within the day", async () => {
    const user = await t.createUser();
    const token = tokenOf(user.cookie);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    const { user: seen, setCookie } = await whoIs(user.cookie);
    expect(seen?.id).toBe(user.id);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
    expect(setCookie.filter((c) => c.startsWith("unscroll.session_token="))).toEqual([]);
  });

  it("shows a changed first name on the next request: nothing about the user is cached", async () => {
    const user = await t.createUser();
    expect((await user.api.me.$patch({ json: { firstName: "Theo" } })).status).toBe(200);
    expect((await whoIs(user.cookie)).user?.firstName).toBe("Theo");
  });
});
