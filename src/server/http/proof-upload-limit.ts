import { createMiddleware } from "hono/factory";
import { createRateLimiter, tooManyAttemptsMessage } from "../auth/rate-limit.ts";
import type { AuthedEnv } from "../context.ts";

/**
 * Proof uploads per account and hour (RATE_LIMIT_PROOF_UPLOADS_PER_USER), counted before the file is read: reading an
 * activity file or encoding a photo takes real work, and one account should not keep the server's workers busy.
 */
export const limitProofUploads = createMiddleware<AuthedEnv>(async (c, next) => {
  const { env, database } = c.var.deps;
  const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
  // The account's id stands where an address would: the counter is his, whatever network he is on.
  const verdict = await limiter.consume("proofUpload", { email: `user:${c.var.user.id}` });
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    return c.json({ error: tooManyAttemptsMessage(verdict.retryAfterSeconds) }, 429);
  }
  return next();
});
