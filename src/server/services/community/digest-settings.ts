import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityMembers } from "#server/db/schema.ts";
import type { DigestSetting } from "#shared/community/notifications.ts";

/**
 * His daily community digest (decision 0137): on from admission until he turns it off, in settings or with one click
 * from a digest. Stored on his membership (`digest_off_at`), so only members have the switch.
 */
export async function readDigestSetting(db: Db, userId: string): Promise<DigestSetting> {
  const [row] = await db
    .select({ offAt: communityMembers.digestOffAt })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId));
  return { digestEmails: !row?.offAt };
}

export async function setDigest(db: Db, userId: string, on: boolean, now: Date): Promise<DigestSetting> {
  await db
    .update(communityMembers)
    .set({ digestOffAt: on ? null : now })
    .where(eq(communityMembers.userId, userId));
  return readDigestSetting(db, userId);
}

/**
 * The digest turned off by an unsubscribe link. The signed token may name an account deleted since, or a man no longer
 * a member: there is nothing to turn off, and the answer is the same, so the link reveals nothing.
 */
export async function turnOffDigest(db: Db, userId: string, now: Date): Promise<void> {
  await setDigest(db, userId, false, now);
}
