import { eq } from "drizzle-orm";
import { parseSigned } from "hono/utils/cookie";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "#shared/account/session-lifetime.ts";
import { secondInstance } from "#tests/support/second-instance.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import type { Database } from "../db/client.ts";
import { sessions } from "../db/schema.ts";

const HOUR_MS = 60 * 60 * 1000;

function cookieValue(cookie: string) {
  return decodeURIComponent(/unscroll\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
}
const tokenOf = (cookie: string) => cookieValue(cookie).slice(0, cookieValue(cookie).lastIndexOf("."));
const signatureOf = (cookie: string) => cookieValue(cookie).slice(cookieValue(cookie).lastIndexOf(".") + 1);

async function whoIs(t: TestApp, cookie: string) {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { id: string; firstName: string } | null };
  return { user: body.user, setCookie: response.headers.getSetCookie() };
}

/**
 * The fast session read (decision 0095) must decide exactly what better-auth's getSession decides, for every kind of
 * cookie a browser or an attacker can send: the app asks /api/me, and better-auth is asked the same question. These
 * tests change sessions in the database behind the app's back, as another instance would, so the session cache is
 * off here; the cache has its own tests below.
 */
describe("reading the session in one query", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function betterAuthSays(cookie: string) {
    const result = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
    return result?.user.id ?? null;
  }

  /** The token hono's signed-cookie check finds (the library check the reader matches, decision 0112), else falsy. */
  async function honoSays(cookie: string) {
    return (await parseSigned(cookie, t.deps.env.AUTH_SECRET, "unscroll.session_token"))["unscroll.session_token"];
  }

  it("knows a signed-in user, with the same answer as better-auth", async () => {
    const user = await t.createUser();
    expect((await whoIs(t, user.cookie)).user?.id).toBe(user.id);
    expect(await betterAuthSays(user.cookie)).toBe(user.id);
  });

  it("knows nobody for a changed signature, a bare token or another secret's signature, as hono's check decides", async () => {
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
      expect((await whoIs(t, cookie)).user, cookie).toBeNull();
      expect(await betterAuthSays(cookie), cookie).toBeNull();
      expect(await honoSays(cookie), cookie).toBeFalsy();
    }
    expect(await honoSays(user.cookie)).toBe(token);
  });

  it("ends a session deleted in the database (revoked, or all sessions ended by a password reset)", async () => {
    const user = await t.createUser();
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await whoIs(t, user.cookie)).user).toBeNull();
  });

  it("knows nobody once the session has expired", async () => {
    const user = await t.createUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await whoIs(t, user.cookie)).user).toBeNull();
    expect(await betterAuthSays(user.cookie)).toBeNull();
  });

  it("extends a session used a day after it was last extended, and sends the browser the longer cookie", async () => {
    const user = await t.createUser();
    const token = tokenOf(user.cookie);
    const lastExtended = Date.now() - SESSION_UPDATE_AGE_S * 1000 - HOUR_MS;
    const dueForExtension = new Date(lastExtended + SESSION_EXPIRES_IN_S * 1000);
    await t.db.update(sessions).set({ expiresAt: dueForExtension }).where(eq(sessions.token, token));

    const { user: seen, setCookie } = await whoIs(t, user.cookie);
    expect(seen?.id).toBe(user.id);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(dueForExtension.getTime() + SESSION_UPDATE_AGE_S * 1000 - HOUR_MS);
    expect(setCookie.some((c) => c.startsWith("unscroll.session_token="))).toBe(true);
  });

  it("does not rewrite a session used again within the day", async () => {
    const user = await t.createUser();
    const token = tokenOf(user.cookie);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    const { user: seen, setCookie } = await whoIs(t, user.cookie);
    expect(seen?.id).toBe(user.id);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
    expect(setCookie.filter((c) => c.startsWith("unscroll.session_token="))).toEqual([]);
  });
});

/**
 * The session cache (decision 0099): the requests a screen makes together read the session once, and whatever this
 * instance does to a session or its user shows at once. A change made elsewhere (another instance, by hand in the
 * database) shows within SESSION_CACHE_SECONDS, the documented delay.
 */
describe("the session kept for a few seconds", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Long enough that no test here outlives it on a slow machine.
    t = await createTestApp({ SESSION_CACHE_SECONDS: "300" });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A session read just now, so it is in the cache. */
  async function cachedUser() {
    const user = await t.createUser();
    expect((await whoIs(t, user.cookie)).user?.id).toBe(user.id);
    return user;
  }

  it("answers from the cache within its seconds: a session ended in the database behind this instance's back still reads", async () => {
    const user = await cachedUser();
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await whoIs(t, user.cookie)).user?.id).toBe(user.id);
  });

  it("notices a session ended elsewhere once its seconds have passed", async () => {
    const short = await createTestApp({ SESSION_CACHE_SECONDS: "1" });
    try {
      const user = await short.createUser();
      expect((await whoIs(short, user.cookie)).user?.id).toBe(user.id);
      await short.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      expect((await whoIs(short, user.cookie)).user).toBeNull();
    } finally {
      await short.close();
    }
  });

  it("ends a session at once when he signs out on this instance: the old cookie no longer works", async () => {
    const user = await cachedUser();
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await whoIs(t, user.cookie)).user).toBeNull();
  });

  it("shows a changed first name on the next request", async () => {
    const user = await cachedUser();
    expect((await user.api.me.$patch({ json: { firstName: "Theo" } })).status).toBe(200);
    expect((await whoIs(t, user.cookie)).user?.firstName).toBe("Theo");
  });

  it("keeps each session apart: one user's cached session never answers for another's cookie", async () => {
    const [a, b] = [await cachedUser(), await cachedUser()];
    expect((await whoIs(t, a.cookie)).user?.id).toBe(a.id);
    expect((await whoIs(t, b.cookie)).user?.id).toBe(b.id);
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: a.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await whoIs(t, a.cookie)).user).toBeNull();
    expect((await whoIs(t, b.cookie)).user?.id).toBe(b.id);
  });
});

/**
 * Several instances on one database (issue 36, decision 0121): each keeps sessions for its seconds, and a session
 * ended through one is refused by the others at once, not after their seconds. On PostgreSQL the second instance has
 * its own pool and hears the change over LISTEN/NOTIFY; on PGlite (one process) it shares the database.
 */
describe("a session ended through another instance", () => {
  let a: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>> | undefined;
  let b: { request(path: string, cookie: string, init?: RequestInit): Promise<Response>; database: Database };

  beforeAll(async () => {
    a = await createTestApp({ SESSION_CACHE_SECONDS: "300" });
    second = await secondInstance(a);
    const { app, database } = second;
    b = {
      database,
      request: (path, cookie, init = {}) =>
        Promise.resolve(app.request(path, { ...init, headers: { origin: TEST_ORIGIN, cookie, ...init.headers } })),
    };
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  async function signedInOnB(cookie: string) {
    const response = await b.request("/api/me", cookie);
    return ((await response.json()) as { user: { id: string } | null }).user?.id ?? null;
  }

  /** Polls instance B for at most `ms`: how long the change took to reach it. */
  async function refusedWithin(cookie: string, ms: number) {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if ((await signedInOnB(cookie)) === null) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it("refuses the cookie on B within a second of signing out on A, though B kept the session for 300 s", async () => {
    const user = await a.createUser();
    expect(await signedInOnB(user.cookie)).toBe(user.id);
    // B keeps it: a session deleted behind both instances' backs still reads there (the cache works).
    const other = await a.createUser();
    expect(await signedInOnB(other.cookie)).toBe(other.id);
    await a.db.delete(sessions).where(eq(sessions.token, tokenOf(other.cookie)));
    expect(await signedInOnB(other.cookie)).toBe(other.id);

    const out = await a.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect(await refusedWithin(user.cookie, 1_000)).toBe(true);
  });

  /** Resolves once B has heard everything A published before this call: the feed keeps the order of its changes. */
  async function bHeardAll() {
    const heard = new Promise<void>((resolve) => {
      const stop = b.database.changes.subscribe("generations", () => {
        stop();
        resolve();
      });
    });
    await a.deps.database.changes.publish("generations");
    await heard;
  }

  it("keeps what B holds when someone signs up or in through A: only a request that ended sessions is told", async () => {
    const kept = await a.createUser();
    expect(await signedInOnB(kept.cookie)).toBe(kept.id);
    await a.db.delete(sessions).where(eq(sessions.token, tokenOf(kept.cookie)));
    const newcomer = await a.createUser();
    await a.logIn(newcomer.email, newcomer.password);
    await bHeardAll();
    // Still read from B's cache: neither the sign-up nor the sign-in emptied it.
    expect(await signedInOnB(kept.cookie)).toBe(kept.id);

    const out = await a.request("/api/auth/sign-out", { method: "POST", cookie: newcomer.cookie, body: {} });
    expect(out.status).toBe(200);
    await bHeardAll();
    expect(await signedInOnB(kept.cookie)).toBeNull();
  });

  it("refuses his old sessions on B once he resets his password through A", async () => {
    const user = await a.createUser();
    const phone = await a.logIn(user.email, user.password);
    expect(await signedInOnB(phone)).toBe(user.id);
    const since = a.smtp.mails.length;
    await a.request("/api/auth/request-password-reset", { body: { email: user.email } });
    const mail = await a.smtp.waitFor(user.email, { since, subject: /Reset/ });
    const token = new URL(mail.links.find((l) => l.includes("/reset-password/")) ?? "").pathname.split("/").at(-1);
    const reset = await a.request("/api/auth/reset-password", { body: { token, newPassword: "fresh2run" } });
    expect(reset.status).toBe(200);
    expect(await refusedWithin(phone, 1_000)).toBe(true);
  });

  it("refuses the cookie on A after the account is deleted through B", async () => {
    const user = await a.createUser();
    expect((await a.request("/api/me", { cookie: user.cookie })).status).toBe(200);
    const deleted = await b.request("/api/me/delete", user.cookie, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: user.password }),
    });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    const started = Date.now();
    let user2: unknown = "still signed in";
    while (Date.now() - started < 1_000) {
      user2 = ((await (await a.request("/api/me", { cookie: user.cookie })).json()) as { user: unknown }).user;
      if (user2 === null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(user2).toBeNull();
  });
});
