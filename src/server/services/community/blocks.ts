import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityBlocks, communityPosts, users } from "#server/db/schema.ts";
import type { BlockedMember } from "#shared/community/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { opaqueName } from "../mail/signed-token.ts";
import { visiblePost } from "./visibility.ts";
import { unlessGone } from "./write-guards.ts";

/** Blocks the author of a post he can see: that man's posts and comments are gone for him from now on. */
export async function blockAuthor(db: Db, userId: string, postId: string) {
  const [post] = await db
    .select({ authorId: communityPosts.userId })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, postId), visiblePost(userId)));
  if (!post) throw new DomainError("community.postNotFound");
  if (post.authorId === userId) throw new DomainError("community.ownBlock");
  await unlessGone("community.postNotFound", () =>
    db.insert(communityBlocks).values({ blockerId: userId, blockedId: post.authorId }).onConflictDoNothing(),
  );
}

/**
 * The id of his block of `blockedId`, for his list and his unblocking: an HMAC of both users' ids, so the answer names
 * no member's internal id (issue 52 row 13), and two men blocking the same member get different ids.
 */
function blockId(secret: string, blockerId: string, blockedId: string) {
  return opaqueName(secret, "community-block", `${blockerId}:${blockedId}`);
}

/** The members he blocked, newest first, by first name: what his settings list to unblock. */
export async function readBlocks(db: Db, userId: string, secret: string): Promise<BlockedMember[]> {
  const rows = await db
    .select({ blockedId: communityBlocks.blockedId, firstName: users.firstName, since: communityBlocks.createdAt })
    .from(communityBlocks)
    .innerJoin(users, eq(users.id, communityBlocks.blockedId))
    .where(eq(communityBlocks.blockerId, userId))
    .orderBy(desc(communityBlocks.createdAt));
  return rows.map((r) => ({
    id: blockId(secret, userId, r.blockedId),
    firstName: r.firstName,
    since: r.since.toISOString(),
  }));
}

/** Ends his block named `id` (as his list gave it); an id that names none of his blocks changes nothing. */
export async function unblock(db: Db, userId: string, secret: string, id: string) {
  const blocked = await db
    .select({ blockedId: communityBlocks.blockedId })
    .from(communityBlocks)
    .where(eq(communityBlocks.blockerId, userId));
  const match = blocked.find((b) => blockId(secret, userId, b.blockedId) === id);
  if (!match) return;
  await db
    .delete(communityBlocks)
    .where(and(eq(communityBlocks.blockerId, userId), eq(communityBlocks.blockedId, match.blockedId)));
}
