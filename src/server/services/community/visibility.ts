import { and, isNull, type Placeholder, sql } from "drizzle-orm";
import { communityBlocks, communityComments, communityPosts, communityReports } from "#server/db/schema.ts";

/**
 * What `viewerId` no longer sees: what he reported is hidden for him at once, and everything by a member he blocked.
 * Others still see it until the operator decides (decision 0135).
 */
export function visiblePost(viewerId: string | Placeholder) {
  return and(
    isNull(communityPosts.removedAt),
    sql`not exists (select 1 from ${communityReports} where ${communityReports.postId} = ${communityPosts.id} and ${communityReports.reporterId} = ${viewerId})`,
    sql`not exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId} and ${communityBlocks.blockedId} = ${communityPosts.userId})`,
  );
}

/** A comment `viewerId` still sees: the same rule as for posts. */
export function visibleComment(viewerId: string | Placeholder) {
  return and(
    isNull(communityComments.removedAt),
    sql`not exists (select 1 from ${communityReports} where ${communityReports.commentId} = ${communityComments.id} and ${communityReports.reporterId} = ${viewerId})`,
    sql`not exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId} and ${communityBlocks.blockedId} = ${communityComments.userId})`,
  );
}
