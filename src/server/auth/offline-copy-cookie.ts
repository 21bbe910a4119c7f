import { createHmac } from "node:crypto";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { OFFLINE_COPY_COOKIE } from "#shared/account/offline-copy-cookie.ts";
import { SESSION_EXPIRES_IN_S } from "#shared/account/session-lifetime.ts";
import type { AppEnv } from "../context.ts";

/**
 * The offline copy's buster (issue 57 row 4, decision 0170). The copy of his dashboard is put back before any answer
 * says who is signed in, so the browser keeps a readable tag of the man its session belongs to: the copy is put back
 * only under the tag it was saved under. The tag is a keyed hash of his id, so it names nobody to whoever reads it,
 * and the same on every instance (they share AUTH_SECRET).
 */
function offlineCopyTag(secret: string, userId: string) {
  return createHmac("sha256", secret).update(`offline-copy:${userId}`).digest("base64url").slice(0, 22);
}

/** Tags kept at most per secret: a man's never changes (his id and the secret do not), so only memory bounds them. */
const KEPT_TAGS_MAX = 10_000;
const keptTags = new Map<string, Map<string, string>>();

/** His tag, worked out once per instance (issue 58): the same on every instance, so nothing to keep in step. */
function tagOf(secret: string, userId: string) {
  let kept = keptTags.get(secret);
  if (!kept) {
    kept = new Map();
    keptTags.set(secret, kept);
  }
  let tag = kept.get(userId);
  if (tag === undefined) {
    tag = offlineCopyTag(secret, userId);
    if (kept.size >= KEPT_TAGS_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(userId, tag);
  }
  return tag;
}

function header(value: string, maxAge: number, secure: boolean) {
  // Not HttpOnly: the page's scripts read it. It lives as long as a session, and goes when the session does.
  return `${OFFLINE_COPY_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie that removes the tag: nobody's copy may be put back in this browser until the server names him. */
export function expiredOfflineCopyCookieHeader(secure: boolean) {
  return header("", 0, secure);
}

/** Whether a Set-Cookie value is the tag's. */
export const isOfflineCopyTag = (setCookie: string) => setCookie.startsWith(`${OFFLINE_COPY_COOKIE}=`);

const setsTag = (response: Response) => response.headers.getSetCookie().some(isOfflineCopyTag);

/**
 * After every API answer that read the session: a signed-in man's browser holds his tag, and a browser whose session
 * is gone (expired, revoked elsewhere, his account deleted) holds none, from its first answer on. A route that set or
 * removed the tag itself is left as it is.
 */
export const keepOfflineCopyTag = createMiddleware<AppEnv>(async (c, next) => {
  // On the answer's own headers, as the protective headers are set: hono's c.header() after the answer would rebuild
  // it, turning its body into a stream, on the answer of every request a browser makes before it holds the tag.
  await next();
  // The health check answers nobody without reading the session.
  if (c.req.path === "/api/health" || setsTag(c.res)) return;
  const { env } = c.get("deps");
  const secure = env.APP_URL.startsWith("https://");
  const held = getCookie(c, OFFLINE_COPY_COOKIE);
  const user = c.get("user");
  if (user) {
    const tag = tagOf(env.AUTH_SECRET, user.id);
    if (held !== tag) c.res.headers.append("set-cookie", header(tag, SESSION_EXPIRES_IN_S, secure));
  } else if (held !== undefined) {
    c.res.headers.append("set-cookie", expiredOfflineCopyCookieHeader(secure));
  }
});
