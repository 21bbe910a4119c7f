import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { calendarFeeds } from "#server/db/schema.ts";

/** 256 random bits: the token is the feed's only protection, so it must be unguessable, not merely unique. */
function newToken() {
  return randomBytes(32).toString("base64url");
}

/** The shape a token has; anything else is not looked up at all. */
export const FEED_TOKEN_PATTERN = "[A-Za-z0-9_-]{43}";

export type FeedRow = { token: string; createdAt: Date };

export async function readFeedToken(db: Db, userId: string): Promise<FeedRow | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/**
 * Creates his feed, or gives it a new token: the old address stops working in the same statement, so there is no
 * moment with two valid addresses, and two clicks at once leave exactly one.
 */
export async function renewFeedToken(db: Db, userId: string): Promise<FeedRow> {
  const token = newToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } })
    .returning({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error("calendar feed upsert returned no row");
  return row;
}

/** Creates his feed unless he has one: a second "create" (another tab, a double tap) keeps the address he may have shared with his calendar. */
export async function ensureFeedToken(db: Db, userId: string): Promise<FeedRow> {
  await db.insert(calendarFeeds).values({ userId, token: newToken() }).onConflictDoNothing();
  const row = await readFeedToken(db, userId);
  if (!row) throw new Error("calendar feed missing after insert");
  return row;
}

export async function revokeFeedToken(db: Db, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Whose feed a token opens, or null. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.userId ?? null;
}
