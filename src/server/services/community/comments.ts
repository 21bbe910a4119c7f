import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityComments, users } from "#server/db/schema.ts";
import type { CommentsPage, FeedComment } from "#shared/community/contracts.ts";
import { COMMENTS_PAGE_SIZE } from "#shared/community/rules.ts";
import { DomainError } from "../domain-error.ts";
import { readPost } from "./feed.ts";
import { decodeCursor, encodeCursor } from "./feed-cursor.ts";
import { notifyAuthor } from "./notifications.ts";
import { visibleComment } from "./visibility.ts";
import { unlessGone, withinDailyLimit } from "./write-guards.ts";

const commentColumns = {
  id: communityComments.id,
  userId: communityComments.userId,
  firstName: users.firstName,
  text: communityComments.text,
  createdAt: communityComments.createdAt,
};

function toComment(
  row: { id: string; userId: string; firstName: string; text: string; createdAt: Date },
  viewerId: string,
): FeedComment {
  return {
    id: row.id,
    author: { firstName: row.firstName },
    text: row.text,
    mine: row.userId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of the comments under a post, oldest first as the thread reads; `nextCursor` (the feed's own cursor, of the
 * page's last comment) asks for the newer ones after it. A page that simply stopped at 50 left every later comment
 * unseen while the post counted it (issue 57 row 2).
 */
export async function readComments(db: Db, viewerId: string, postId: string, cursor?: string): Promise<CommentsPage> {
  await readPost(db, viewerId, postId);
  const after = decodeCursor(cursor);
  // Ordered and compared to the millisecond the cursor carries: a comment written by SQL holds microseconds, and its
  // own cursor, a little earlier than itself, read it again on the next page. A post's comments are few enough that
  // sorting them costs nothing next to the post's index range.
  const at = sql`date_trunc('milliseconds', ${communityComments.createdAt})`;
  const rows = await db
    .select(commentColumns)
    .from(communityComments)
    .innerJoin(users, eq(users.id, communityComments.userId))
    .where(
      and(
        eq(communityComments.postId, postId),
        visibleComment(viewerId),
        after ? sql`(${at}, ${communityComments.id}) > (${new Date(after.at)}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(at, asc(communityComments.id))
    .limit(COMMENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    comments: page.map((row) => toComment(row, viewerId)),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

export async function writeComment(db: Db, userId: string, postId: string, text: string, now: Date = new Date()) {
  await readPost(db, userId, postId);
  const commentId = await unlessGone("community.postNotFound", async () => {
    const [row] = await withinDailyLimit(db, "comment", userId, now, (tx) =>
      tx
        .insert(communityComments)
        .values({ postId, userId, text, createdAt: now })
        .returning({ id: communityComments.id }),
    );
    await notifyAuthor(db, { kind: "comment", actorId: userId, postId, commentId: row!.id }, now);
    return row!.id;
  });
  const [written] = await db
    .select(commentColumns)
    .from(communityComments)
    .innerJoin(users, eq(users.id, communityComments.userId))
    .where(eq(communityComments.id, commentId));
  // Gone with the post since, as its author deleted his account.
  if (!written) throw new DomainError("community.postNotFound");
  return toComment(written, userId);
}
