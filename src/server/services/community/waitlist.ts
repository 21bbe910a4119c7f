import { count, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityNotifyRequests, waitlistSignups } from "#server/db/schema.ts";
import type { CommunityOverview, JoinWaitlistRequest, WaitlistSignup } from "#shared/community/contracts.ts";
import type { InterestId } from "#shared/community/rules.ts";
import { isMember } from "./admission.ts";

type SignupRow = typeof waitlistSignups.$inferSelect;

function toSignup(row: SignupRow): WaitlistSignup {
  return {
    position: row.waitlistPosition,
    email: row.email,
    name: row.name,
    interests: row.interests as InterestId[],
    joinedAt: row.createdAt.toISOString(),
  };
}

/** The user's own place on the waitlist, or null. */
export async function readWaitlistSignup(db: Db, userId: string): Promise<WaitlistSignup | null> {
  const [row] = await db.select().from(waitlistSignups).where(eq(waitlistSignups.userId, userId));
  return row ? toSignup(row) : null;
}

/**
 * Puts the user on the waitlist, once. A user already on it gets his stored place back (`created` false) and nothing
 * changes. New positions are max + 1 under a lock that only one join holds at a time (SHARE ROW EXCLUSIVE conflicts
 * with itself and with every other writer of the table), so concurrent joins get unique, gap-free positions on
 * PostgreSQL; on PGlite transactions run one after another anyway. The insert's ON CONFLICT (user_id) DO NOTHING
 * settles a user's own parallel joins: the second finds the first's row once the lock is his.
 */
export async function joinWaitlist(
  db: Db,
  userId: string,
  // The account's address, never one from the request (issue 24 #6).
  request: Omit<JoinWaitlistRequest, "email"> & { email: string },
): Promise<{ signup: WaitlistSignup; created: boolean }> {
  const existing = await readWaitlistSignup(db, userId);
  if (existing) return { signup: existing, created: false };

  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${waitlistSignups} in share row exclusive mode`);
    const [row] = await tx
      .insert(waitlistSignups)
      .values({
        userId,
        email: request.email,
        name: request.name,
        interests: request.interests,
        waitlistPosition: sql`(select coalesce(max(${waitlistSignups.waitlistPosition}), 0) + 1 from ${waitlistSignups})`,
      })
      .onConflictDoNothing({ target: waitlistSignups.userId })
      .returning();
    return row;
  });
  if (inserted) return { signup: toSignup(inserted), created: true };

  const signup = await readWaitlistSignup(db, userId);
  if (!signup) throw new Error("waitlist signup vanished after a conflicting insert");
  return { signup, created: false };
}

/** How many members wait for the community: the real count the feed preview's counter runs up to. */
async function countWaitlist(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(waitlistSignups);
  return row?.n ?? 0;
}

/** Records that the user wants an e-mail when the community opens; asking again changes nothing. */
export async function requestCommunityNotice(db: Db, userId: string): Promise<{ created: boolean }> {
  const created = await db
    .insert(communityNotifyRequests)
    .values({ userId })
    .onConflictDoNothing({ target: communityNotifyRequests.userId })
    .returning({ userId: communityNotifyRequests.userId });
  return { created: created.length > 0 };
}

/**
 * The community page in one request: the members waiting, whether he asked to be told, his own place, and whether he
 * has been let in (then the page shows the feed).
 */
export async function communityOverview(db: Db, userId: string): Promise<CommunityOverview> {
  const [membersWaiting, [notify], signup, admitted] = await Promise.all([
    countWaitlist(db),
    db
      .select({ userId: communityNotifyRequests.userId })
      .from(communityNotifyRequests)
      .where(eq(communityNotifyRequests.userId, userId)),
    readWaitlistSignup(db, userId),
    isMember(db, userId),
  ]);
  return { membersWaiting, notifyRequested: Boolean(notify), signup, admitted };
}
