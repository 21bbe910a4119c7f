import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityComments, communityReports } from "#server/db/schema.ts";
import type { ReportRequest } from "#shared/community/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { readPost } from "./feed.ts";
import { visibleComment } from "./visibility.ts";
import { unlessGone, withinDailyLimit } from "./write-guards.ts";

/**
 * A member's report of a post or a comment he can see: it is hidden for him at once and waits in the operator's
 * queue. Reporting the same item again changes nothing; his own cannot be reported.
 */
export async function report(
  db: Db,
  userId: string,
  target: { postId: string } | { commentId: string },
  request: ReportRequest,
  now: Date = new Date(),
) {
  // Already reported by him (a second tap): the same answer, though it is hidden for him now.
  const [already] = await db
    .select({ id: communityReports.id })
    .from(communityReports)
    .where(
      and(
        eq(communityReports.reporterId, userId),
        "postId" in target
          ? eq(communityReports.postId, target.postId)
          : eq(communityReports.commentId, target.commentId),
      ),
    );
  if (already) return;
  if ("postId" in target) {
    const post = await readPost(db, userId, target.postId);
    if (post.mine) throw new DomainError("community.ownReport");
  } else {
    const [comment] = await db
      .select({ userId: communityComments.userId, postId: communityComments.postId })
      .from(communityComments)
      .where(and(eq(communityComments.id, target.commentId), visibleComment(userId)));
    if (!comment) throw new DomainError("community.commentNotFound");
    if (comment.userId === userId) throw new DomainError("community.ownReport");
    await readPost(db, userId, comment.postId).catch(() => {
      throw new DomainError("community.commentNotFound");
    });
  }
  await unlessGone("postId" in target ? "community.postNotFound" : "community.commentNotFound", () =>
    withinDailyLimit(db, "report", userId, now, (tx) =>
      tx
        .insert(communityReports)
        .values({ reporterId: userId, ...target, reason: request.reason, note: request.note, createdAt: now })
        .onConflictDoNothing(),
    ),
  );
}
