import { createMiddleware } from "hono/factory";
import { emailOfResetToken } from "#server/auth/auth.ts";
import { deviceCookieHeader } from "#server/auth/device-cookie.ts";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 8: a browser that proves, with this request, that it belongs to the account (the password at sign-in, the
 * mailbox through a reset link) gets a device cookie: its later logins to that account are counted on their own, so
 * the owner on a new browser, held back while someone guesses, gets in by resetting his password (decision 0064).
 */
export const rememberDevice = createMiddleware<GuardEnv>(async (c, next) => {
  const endpoint = c.get("endpoint");
  const input = c.get("input");
  const email = c.get("email");
  const deps = c.get("deps");
  if (!endpoint.proves) return next();
  // The reset link's address is read before better-auth uses the link up.
  const token = input?.token;
  const proven =
    endpoint.proves === "password"
      ? email
      : typeof token === "string"
        ? await emailOfResetToken(deps.database.db, token)
        : null;
  await next();
  if (proven && c.res.ok) {
    const { env } = deps;
    c.res.headers.append("set-cookie", deviceCookieHeader(env.AUTH_SECRET, proven, env.APP_URL.startsWith("https://")));
  }
});
