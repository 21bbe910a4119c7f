import { createHmac, randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export type RateLimitAction =
  | "signIn"
  | "signUp"
  | "passwordReset"
  | "verificationEmail"
  | "calendarFeed"
  | "partnerInvitation"
  // One account's invitations and renewals a day, whatever the addresses (decision 0115): one counter, the plan's limit.
  | "partnerInvitesFree"
  | "partnerInvitesPremium"
  | "partnerCheer"
  | "proofUpload";

/** Allowed attempts per window; 0 switches a limit off. */
export type RateLimitSettings = {
  windowSeconds: number;
  /** Actions counted over a window of their own (e.g. invitations per address and day), in seconds. */
  windows?: Partial<Record<RateLimitAction, number>>;
  perIp: Record<RateLimitAction, number>;
  perEmail: Record<RateLimitAction, number>;
};

/** What a counter is written with: the database, or a transaction whose rollback takes the count back. */
type Writer = Pick<Db, "insert">;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in the rate_limits table, so every server instance sees the same
 * counts. One atomic upsert per check: a new window starts (count 1) once the stored
 * window start (`last_request`) is older than the window. Keys hold an HMAC of the IP or
 * e-mail, never the address itself.
 */
export function createRateLimiter(db: Db, settings: RateLimitSettings, secret: string) {
  const windowMsOf = (action: RateLimitAction) => (settings.windows?.[action] ?? settings.windowSeconds) * 1000;
  // A counter is purged once the longest window has closed; a shorter one restarts at 1 by itself before that.
  const longestWindowMs = Math.max(settings.windowSeconds, ...Object.values(settings.windows ?? {})) * 1000;
  const digest = (value: string) => createHmac("sha256", secret).update(value).digest("base64url").slice(0, 32);

  async function hit(
    writer: Writer,
    key: string,
    max: number,
    now: number,
    windowMs: number,
  ): Promise<RateLimitVerdict> {
    const windowOpenedBefore = now - windowMs;
    const [row] = await writer
      .insert(rateLimits)
      .values({ id: randomUUID(), key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.lastRequest} <= ${windowOpenedBefore} then 1 else ${rateLimits.count} + 1 end`,
          lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowOpenedBefore} then ${now} else ${rateLimits.lastRequest} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
    if (!row || row.count <= max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000)) };
  }

  /** Drops counters whose window has closed; they would restart at 1 anyway. */
  async function purge(now = Date.now()) {
    await db.delete(rateLimits).where(lt(rateLimits.lastRequest, now - longestWindowMs));
  }

  return {
    purge,
    /**
     * Counts one attempt of `action` for the IP and the e-mail given (either may be
     * missing) and says whether it is still within the limits.
     */
    async consume(
      action: RateLimitAction,
      subject: { ip?: string | null; email?: string | null },
      options: { now?: number; scope?: string; within?: Writer } = {},
    ): Promise<RateLimitVerdict> {
      const now = options.now ?? Date.now();
      const windowMs = windowMsOf(action);
      // `within`: counted in the caller's transaction, so a request refused later in it takes its count back.
      const writer = options.within ?? db;
      // A scope keeps a second counter for the same limit (e.g. e-mails actually sent).
      const prefix = options.scope ?? action;
      const checks: Array<[string, number]> = [];
      if (subject.ip && settings.perIp[action] > 0) {
        checks.push([`${prefix}:ip:${digest(subject.ip)}`, settings.perIp[action]]);
      }
      if (subject.email && settings.perEmail[action] > 0) {
        checks.push([`${prefix}:email:${digest(subject.email.toLowerCase())}`, settings.perEmail[action]]);
      }
      let verdict: RateLimitVerdict = { allowed: true };
      for (const [key, max] of checks) {
        const result = await hit(writer, key, max, now, windowMs);
        if (!result.allowed && (verdict.allowed || result.retryAfterSeconds > verdict.retryAfterSeconds)) {
          verdict = result;
        }
      }
      if (Math.random() < 0.01) void purge(now).catch(() => {});
      return verdict;
    },
  };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
