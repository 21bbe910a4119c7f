import { createMiddleware } from "hono/factory";
import { expiredOfflineCopyCookieHeader } from "#server/auth/offline-copy-cookie.ts";
import { sessionCookieName } from "#server/auth/session-cookie.ts";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 10: an answer that changes whose session this browser holds (a sign-in, a confirmation that signs him in, a
 * sign-out) removes the offline copy's tag (decision 0170): until the next answer names the new man, no copy is put
 * back, so another man's copy never opens for him, not even offline in the moment after he signed in.
 */
export const untagOfflineCopy = createMiddleware<GuardEnv>(async (c, next) => {
  await next();
  const changesSession = c.res.headers
    .getSetCookie()
    .some((cookie) => [false, true].some((secure) => cookie.startsWith(`${sessionCookieName(secure)}=`)));
  if (changesSession)
    c.header("set-cookie", expiredOfflineCopyCookieHeader(c.get("deps").env.APP_URL.startsWith("https://")), {
      append: true,
    });
});
