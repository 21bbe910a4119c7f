import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { deviceCookieName, trustedDevice } from "#server/auth/device-cookie.ts";
import { createRateLimiter, type RateLimitVerdict } from "#server/auth/rate-limit.ts";
import { DomainError } from "#server/services/domain-error.ts";
import type { GuardEnv } from "./guard-env.ts";
import { landOnScreen } from "./land-on-screen.ts";

/** The verdict on this attempt, counted as its endpoint's `attempts` say. */
async function count(c: Context<GuardEnv>): Promise<RateLimitVerdict> {
  const endpoint = c.get("endpoint");
  const ip = c.get("clientIp");
  const email = c.get("email");
  const deps = c.get("deps");
  const { env } = deps;
  const attempts = endpoint.attempts;
  if (!attempts) return { allowed: true };
  // Only closures over the database: the counts themselves live in the rate_limits table.
  const limiter = createRateLimiter(deps.database.db, env.rateLimits, env.AUTH_SECRET);
  const { action } = attempts;
  if (attempts.per === "ip") return limiter.consume(action, { ip });
  if (attempts.per === "ip and address") return limiter.consume(action, { ip, email });
  const byIp = await limiter.consume(action, { ip });
  if (!byIp.allowed) return byIp;
  // A browser that proves an earlier login to this account has its own counter; strangers share the account's.
  const secure = env.APP_URL.startsWith("https://");
  const device = email && trustedDevice(env.AUTH_SECRET, email, getCookie(c, deviceCookieName(secure)));
  return device
    ? limiter.consume(action, { email: device }, { scope: "signInDevice" })
    : limiter.consume(action, { email });
}

/**
 * Step 5: attempts are counted in the database per IP and per address (auth/rate-limit.ts; better-auth's own limiter
 * is off). Over the limit: 429 `auth.tooManyAttempts` with Retry-After, or, for a link a person clicked, its screen
 * with `?error=TOO_MANY_REQUESTS`.
 */
export const countAttempts = createMiddleware<GuardEnv>(async (c, next) => {
  const verdict = await count(c);
  if (!verdict.allowed) {
    const { failuresLandOn } = c.get("endpoint");
    if (failuresLandOn) return landOnScreen(failuresLandOn, "TOO_MANY_REQUESTS", verdict.retryAfterSeconds);
    throw new DomainError("auth.tooManyAttempts", { retryAfterSeconds: verdict.retryAfterSeconds });
  }
  await next();
});
