import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "#shared/account/session-lifetime.ts";
import type { AppEnv, Deps } from "../context.ts";
import { sessions, users } from "../db/schema.ts";
import { sessionCookieName } from "./session-cookie.ts";

type SessionUser = NonNullable<AppEnv["Variables"]["user"]>;

/**
 * The session token of better-call's signed cookie `<token>.<base64 HMAC-SHA256>`, or null if it was not signed by us.
 * It decides as hono's getSignedCookie (and better-call's own check) does, but with node:crypto: their WebCrypto check
 * costs ~0.1 ms more on every signed-in request, measured in decision 0112.
 */
function verifiedToken(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Sessions kept at most, so a flood of distinct cookies cannot grow the server's memory without bound. */
const CACHE_MAX_ENTRIES = 10_000;

type Cached = { user: SessionUser; expiresAt: number; readAt: number };

/**
 * Who is signed in, in one indexed query (issue 13, decisions 0095 and 0099): the signed session cookie is checked
 * here and the session is read together with its user. The answer is kept for SESSION_CACHE_SECONDS, so the requests
 * a screen makes together ask the database once. Whatever changes a session or its user (every /api/auth request:
 * sign-out, password reset, e-mail confirmation; a changed name; account deletion) calls `forget` here and publishes
 * the change to every instance (decision 0121), whose readers drop what they kept within milliseconds. While this
 * instance cannot hear such changes (its listening connection is down), nothing is kept. Whatever needs better-auth's
 * own handling (an expired session to clean up, one due for its daily extension, whose new cookie is passed on) goes
 * through `auth.api.getSession` and is never kept.
 */
export function createSessionReader(deps: Pick<Deps, "auth" | "env" | "database">) {
  const { auth, env, database } = deps;
  const secure = env.APP_URL.startsWith("https://");
  const cookieName = sessionCookieName(secure);
  const expiresInMs = SESSION_EXPIRES_IN_S * 1000;
  const updateAgeMs = SESSION_UPDATE_AGE_S * 1000;
  const byToken = database.db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_user_by_token");

  async function viaBetterAuth(c: Context<AppEnv>): Promise<SessionUser | null> {
    const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    // The extended (or cleared) session cookie goes back to the browser, or it would drop a session still in use.
    for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
    const user = response?.user;
    if (!user) return null;
    return {
      id: user.id,
      email: user.email,
      firstName: (user as { firstName?: string }).firstName ?? "",
      emailVerified: user.emailVerified,
      createdAt: new Date(user.createdAt),
    };
  }

  const cacheMs = env.SESSION_CACHE_SECONDS * 1000;
  /** By the signed cookie as the browser sends it. */
  const cache = new Map<string, Cached>();
  // Counts `forget` calls: a read that began before one must not keep what it read, or a session signed out while
  // it was in flight would live on in the cache.
  let generation = 0;

  async function fromDatabase(cookie: string, token: string, now: number): Promise<Cached | null> {
    const readIn = generation;
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const { expiresAt, ...user } = row;
    const entry = { user, expiresAt: expiresAt.getTime(), readAt: now };
    if (cacheMs > 0 && readIn === generation && database.changes.live) {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(cookie, entry);
    }
    return entry;
  }

  function forget() {
    generation += 1;
    cache.clear();
  }
  // A session ended through another instance (or a change missed while not listening).
  database.changes.subscribe("sessions", forget);

  function checked(c: Context<AppEnv>, cookie: string, entry: Cached, now: number) {
    if (entry.expiresAt <= now || entry.expiresAt - expiresInMs + updateAgeMs <= now) {
      cache.delete(cookie);
      return viaBetterAuth(c);
    }
    return entry.user;
  }

  /**
   * Who is signed in: at once (no promise) when the answer needs no database, i.e. no cookie, a cookie we did not sign,
   * or a session kept a moment ago (issue 58: most of the API's traffic).
   */
  function read(c: Context<AppEnv>): SessionUser | null | Promise<SessionUser | null> {
    const cookie = getCookie(c, cookieName);
    if (!cookie) return null;
    const now = Date.now();
    // Kept by the signed cookie as sent: only a cookie whose signature was checked is ever kept, so finding the same
    // bytes again needs no second check (the HMAC was a tenth of a signed-in /api/me).
    const entry = cache.get(cookie);
    if (entry && now - entry.readAt < cacheMs) return checked(c, cookie, entry, now);
    if (entry) cache.delete(cookie);
    const token = verifiedToken(cookie, env.AUTH_SECRET);
    if (!token) return null;
    return fromDatabase(cookie, token, now).then((read) => (read ? checked(c, cookie, read, now) : null));
  }

  return {
    read,
    /** Drops every kept session: the next request of each reads the database again. */
    forget,
  };
}
