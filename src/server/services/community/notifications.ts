import { and, count, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import {
  communityBlocks,
  communityCheers,
  communityComments,
  communityNotifications,
  communityPosts,
  communityReports,
  users,
} from "#server/db/schema.ts";
import {
  type CommunityNotification,
  commentExcerpt,
  NOTIFICATIONS_SHOWN,
  type NotificationsAnswer,
} from "#shared/community/notifications.ts";
import type { NotificationKind } from "#shared/community/rules.ts";

/**
 * His post's news (issue 40, decision 0137): another member cheered it or commented under it. Recorded as it happens,
 * read in the app, and gathered into the daily digest (digest.ts).
 */

/**
 * Tells the post's author, unless he did it himself or he blocked the one who did: a blocked member still sees the
 * blocker's posts (a block hides only for the blocker), yet nothing of his reaches the blocker. A cheer notifies once
 * per post and member (a unique index), so one taken back and given again says nothing new.
 */
export async function notifyAuthor(
  db: Db,
  news: { kind: NotificationKind; actorId: string; postId: string; commentId?: string },
  now: Date,
): Promise<void> {
  const [post] = await db
    .select({
      authorId: communityPosts.userId,
      blocked: sql<boolean>`exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${communityPosts.userId} and ${communityBlocks.blockedId} = ${news.actorId})`,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, news.postId));
  if (!post || post.authorId === news.actorId || post.blocked) return;
  await db
    .insert(communityNotifications)
    .values({ userId: post.authorId, ...news, commentId: news.commentId ?? null, createdAt: now })
    .onConflictDoNothing();
}

/**
 * What of a notification he may still see, checked when it is read rather than when it was made, since things change
 * after: the post or comment removed by moderation, a comment he reported, a member he blocked since, a cheer taken
 * back (given again, it shows again).
 */
export function stillTrue() {
  const n = communityNotifications;
  return and(
    sql`not exists (select 1 from ${communityPosts} where ${communityPosts.id} = ${n.postId} and ${communityPosts.removedAt} is not null)`,
    sql`not exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${n.userId} and ${communityBlocks.blockedId} = ${n.actorId})`,
    sql`(${n.kind} <> 'cheer' or exists (select 1 from ${communityCheers} where ${communityCheers.postId} = ${n.postId} and ${communityCheers.userId} = ${n.actorId}))`,
    sql`(${n.commentId} is null or exists (select 1 from ${communityComments} where ${communityComments.id} = ${n.commentId} and ${communityComments.removedAt} is null and not exists (select 1 from ${communityReports} where ${communityReports.commentId} = ${communityComments.id} and ${communityReports.reporterId} = ${n.userId})))`,
  );
}

const actors = alias(users, "actors");

/** His notifications that are still true, newest first, with what a line needs (who, which win, the comment). */
export function notificationRows(db: Db, userId: string, where?: ReturnType<typeof and>) {
  return db
    .select({
      id: communityNotifications.id,
      kind: communityNotifications.kind,
      actorFirstName: actors.firstName,
      postId: communityNotifications.postId,
      postLabel: communityPosts.milestoneText,
      comment: communityComments.text,
      createdAt: communityNotifications.createdAt,
      readAt: communityNotifications.readAt,
    })
    .from(communityNotifications)
    .innerJoin(actors, eq(actors.id, communityNotifications.actorId))
    .innerJoin(communityPosts, eq(communityPosts.id, communityNotifications.postId))
    .leftJoin(communityComments, eq(communityComments.id, communityNotifications.commentId))
    .where(and(eq(communityNotifications.userId, userId), stillTrue(), where))
    .orderBy(desc(communityNotifications.createdAt), desc(communityNotifications.id));
}

export type NotificationRow = Awaited<ReturnType<typeof notificationRows>>[number];

export function toNotification(row: NotificationRow): CommunityNotification {
  return {
    id: row.id,
    kind: row.kind,
    actor: { firstName: row.actorFirstName },
    post: { id: row.postId, label: row.postLabel },
    excerpt: row.kind === "comment" && row.comment !== null ? commentExcerpt(row.comment) : null,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** How many of his notifications, still true, he has not read: the list's count and the menus' badge. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(communityNotifications)
    .where(and(eq(communityNotifications.userId, userId), isNull(communityNotifications.readAt), stillTrue()));
  return unread?.n ?? 0;
}

/** His latest notifications and how many he has not read; only ever his own. */
export async function readNotifications(db: Db, userId: string): Promise<NotificationsAnswer> {
  const rows = await notificationRows(db, userId).limit(NOTIFICATIONS_SHOWN);
  return { notifications: rows.map(toNotification), unread: await countUnread(db, userId) };
}

/** Marks his notifications read: all of them, or those made up to `until`. */
export async function markNotificationsRead(db: Db, userId: string, now: Date, until?: Date): Promise<void> {
  await db
    .update(communityNotifications)
    .set({ readAt: now })
    .where(
      and(
        eq(communityNotifications.userId, userId),
        isNull(communityNotifications.readAt),
        until ? lte(communityNotifications.createdAt, until) : undefined,
      ),
    );
}
