import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityComments, communityPosts, communityReports } from "#server/db/schema.ts";
import { COMMUNITY_DAILY_LIMITS } from "#shared/community/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import { DomainError, type DomainErrorCode } from "../domain-error.ts";

/**
 * Does `act` (the insert) only while he is within the day's limit for `action` (rolling 24 hours): the count and the
 * insert in one transaction, under an advisory lock of his own for that action. Requests of his in parallel are
 * counted one after another, each seeing what the one before it stored, on PostgreSQL as on PGlite; counted first and
 * inserted after, nothing between, 60 comments at once stored 55 of 50 (issue 52 row 5). Every limited action goes
 * through here. `act` works on `tx` only: another connection's query could wait on this lock, and on PGlite any query
 * outside this transaction waits for its end.
 */
export async function withinDailyLimit<T>(
  db: Db,
  action: keyof typeof COMMUNITY_DAILY_LIMITS,
  userId: string,
  now: Date,
  act: (tx: Db) => Promise<T>,
): Promise<T> {
  // Whose row it is and when it was made, per action: the rows themselves are the count, on every instance.
  const { by, at, from } = {
    post: { by: communityPosts.userId, at: communityPosts.createdAt, from: communityPosts },
    comment: { by: communityComments.userId, at: communityComments.createdAt, from: communityComments },
    report: { by: communityReports.reporterId, at: communityReports.createdAt, from: communityReports },
  }[action];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community-daily-${action}:${userId}`}))`);
    const [used] = await tx
      .select({ n: count() })
      .from(from)
      .where(and(eq(by, userId), gt(at, new Date(now.getTime() - DAY_MS))));
    if ((used?.n ?? 0) >= COMMUNITY_DAILY_LIMITS[action]) throw new DomainError("community.dailyLimit");
    return act(tx);
  });
}

/**
 * `work`, answered as `gone` when its insert names a post, comment or member that is no longer there: found a moment
 * before, then deleted with its author's account (foreign_key_violation, 23503; drizzle keeps the driver's error as
 * the cause). It was a 500 (issue 52 row 8); it is the answer for one already gone.
 */
export async function unlessGone<T>(gone: DomainErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
    if (code === "23503" || cause?.code === "23503") throw new DomainError(gone);
    throw error;
  }
}
