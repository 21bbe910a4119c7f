import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv, Deps } from "../context.ts";
import { sessions, users } from "../db/schema.ts";

type SessionUser = NonNullable<AppEnv["Variables"]["user"]>;

/** A session lives 7 days and is extended once a day of use (better-auth's defaults, set in auth.ts). */
export const SESSION_EXPIRES_IN_S = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

/** The session token of better-call's signed cookie `<token>.<base64 HMAC-SHA256>`, or null if it was not signed by us. */
function verifiedToken(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Who is signed in, in one indexed query (issue 13, decision 0095): the signed session cookie is checked here and the
 * session is read together with its user. Whatever needs better-auth's own handling (an expired session to clean up,
 * one due for its daily extension, whose new cookie is passed on) goes through `auth.api.getSession`, and a
 * signed-out, revoked or reset session ends at once on every instance: nothing is cached.
 */
export function createSessionReader(deps: Pick<Deps, "auth" | "env" | "database">) {
  const { auth, env, database } = deps;
  const secure = env.APP_URL.startsWith("https://");
  const cookieName = `${secure ? "__Secure-" : ""}unscroll.session_token`;
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

  return async function readSession(c: Context<AppEnv>): Promise<SessionUser | null> {
    const cookie = getCookie(c, cookieName);
    if (!cookie) return null;
    const token = verifiedToken(cookie, env.AUTH_SECRET);
    if (!token) return null;
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return viaBetterAuth(c);
    const { expiresAt: _, ...user } = row;
    return user;
  };
}
