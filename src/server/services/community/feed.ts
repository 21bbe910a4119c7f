import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import {
  challenges,
  communityBlocks,
  communityCheers,
  communityComments,
  communityPosts,
  communityReports,
  milestones,
  proofs,
  runValidations,
  userBadges,
  users,
} from "#server/db/schema.ts";
import type {
  BlockedMember,
  CheerAnswer,
  CommentsPage,
  FeedComment,
  FeedPage,
  FeedPost,
  PostProof,
  ReportRequest,
  SharePostRequest,
} from "#shared/community/contracts.ts";
import { sharedWinProblem } from "#shared/community/post-text.ts";
import {
  type BadgeId,
  badgeInfo,
  COMMENTS_PAGE_SIZE,
  COMMUNITY_DAILY_LIMITS,
  FEED_PAGE_SIZE,
} from "#shared/community/rules.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { DAY_MS, dayOf, isStorableMoment } from "#shared/time.ts";
import { DomainError, type DomainErrorCode } from "../domain-error.ts";
import { opaqueName } from "../mail/signed-token.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { tookBackThisWeek } from "../screen-time/check-ins.ts";
import { notifyAuthor } from "./notifications.ts";

/** The run every man starts with, as a post names it. */
const RUN_CHALLENGE_TITLE = "Run longer than ever before";

type Cursor = { at: string; id: string };

function encodeCursor(post: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify({ at: post.createdAt.toISOString(), id: post.id })).toString("base64url");
}

/**
 * A cursor this server wrote, or null for anything else (which reads as the first page, as the API document
 * promises). Only what `encodeCursor` writes passes: a moment as `toISOString()` gives it, in the years both databases
 * read alike, and a UUID. Anything looser reached PostgreSQL as a value it refused, a 500 (issue 52 row 4).
 */
function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Cursor> | null;
    const at = parsed?.at;
    const id = parsed?.id;
    if (typeof at !== "string" || !isStorableMoment(new Date(at)) || new Date(at).toISOString() !== at) return null;
    if (typeof id !== "string" || !z.uuid().safeParse(id).success) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/**
 * What `viewerId` no longer sees: what he reported is hidden for him at once, and everything by a member he blocked.
 * Others still see it until the operator decides (decision 0135).
 */
function visiblePost(viewerId: string) {
  return and(
    isNull(communityPosts.removedAt),
    sql`not exists (select 1 from ${communityReports} where ${communityReports.postId} = ${communityPosts.id} and ${communityReports.reporterId} = ${viewerId})`,
    sql`not exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId} and ${communityBlocks.blockedId} = ${communityPosts.userId})`,
  );
}

function visibleComment(viewerId: string) {
  return and(
    isNull(communityComments.removedAt),
    sql`not exists (select 1 from ${communityReports} where ${communityReports.commentId} = ${communityComments.id} and ${communityReports.reporterId} = ${viewerId})`,
    sql`not exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId} and ${communityBlocks.blockedId} = ${communityComments.userId})`,
  );
}

/** The columns of a post as `viewerId` sees it: counts, and whether he cheered it. */
function postColumns(viewerId: string) {
  return {
    id: communityPosts.id,
    userId: communityPosts.userId,
    firstName: users.firstName,
    kind: communityPosts.kind,
    challengeTitle: communityPosts.challengeTitle,
    milestoneText: communityPosts.milestoneText,
    achievedOn: communityPosts.achievedOn,
    text: communityPosts.text,
    proofKind: proofs.kind,
    // Whether an activity file proved his run, whatever the post shows of it: a run is validated once, never changed.
    tookBackMinutes: communityPosts.tookBackMinutes,
    selfReported: sql<boolean>`${communityPosts.kind} = 'run' and not exists (select 1 from ${runValidations} join ${proofs} as run_proof on run_proof.run_validation_id = ${runValidations.id} where ${runValidations.userId} = ${communityPosts.userId})`,
    proofActivity: proofs.activity,
    photoWidth: proofs.photoWidth,
    photoHeight: proofs.photoHeight,
    createdAt: communityPosts.createdAt,
    cheers: sql<number>`(select count(*)::int from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id})`,
    cheeredByMe: sql<boolean>`exists (select 1 from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id} and ${communityCheers.userId} = ${viewerId})`,
    comments: sql<number>`(select count(*)::int from ${communityComments} where ${communityComments.postId} = ${communityPosts.id} and ${visibleComment(viewerId)})`,
  };
}

type PostRow = {
  id: string;
  userId: string;
  firstName: string;
  kind: FeedPost["kind"];
  challengeTitle: string;
  milestoneText: string;
  achievedOn: string;
  text: string;
  proofKind: string | null;
  selfReported: boolean;
  tookBackMinutes: number | null;
  proofActivity: ActivityReading | null;
  photoWidth: number | null;
  photoHeight: number | null;
  createdAt: Date;
  cheers: number;
  cheeredByMe: boolean;
  comments: number;
};

/**
 * The badges of each author of these posts, in display order: one query for a whole page, however many posts and
 * authors it holds (the unique (user_id, badge_id) index serves it).
 */
async function authorBadges(db: Db, rows: readonly { userId: string }[]): Promise<Map<string, BadgeId[]>> {
  const authors = [...new Set(rows.map((row) => row.userId))];
  const badges = new Map<string, BadgeId[]>(authors.map((id) => [id, []]));
  if (authors.length === 0) return badges;
  const held = await db
    .select({ userId: userBadges.userId, badgeId: userBadges.badgeId })
    .from(userBadges)
    .where(inArray(userBadges.userId, authors));
  for (const { userId, badgeId } of held) badges.get(userId)?.push(badgeId as BadgeId);
  for (const list of badges.values()) list.sort((a, b) => badgeInfo[a].order - badgeInfo[b].order);
  return badges;
}

/** Where a post's photo is served to the members who may see the post (GET /api/community/posts/:id/photo). */
const postPhotoUrl = (postId: string) => `/api/community/posts/${postId}/photo`;

function postProof(row: PostRow): PostProof | null {
  if (row.proofKind === "photo") {
    return {
      kind: "photo",
      photo: { width: row.photoWidth ?? 0, height: row.photoHeight ?? 0, url: postPhotoUrl(row.id) },
    };
  }
  if (row.proofKind === "activity" && row.proofActivity) {
    const { format, distanceMeters, movingSeconds, paceSecondsPerKm, route } = row.proofActivity;
    return { kind: "activity", activity: { format, distanceMeters, movingSeconds, paceSecondsPerKm, route } };
  }
  return null;
}

function toPost(row: PostRow, viewerId: string, badges: Map<string, BadgeId[]>): FeedPost {
  return {
    id: row.id,
    author: { firstName: row.firstName, badges: badges.get(row.userId) ?? [] },
    kind: row.kind,
    challengeTitle: row.challengeTitle,
    milestoneText: row.milestoneText,
    achievedOn: row.achievedOn,
    text: row.text,
    proof: postProof(row),
    selfReported: Boolean(row.selfReported),
    tookBackMinutes: row.tookBackMinutes,
    cheers: Number(row.cheers),
    cheeredByMe: Boolean(row.cheeredByMe),
    comments: Number(row.comments),
    mine: row.userId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

function postsQuery(db: Db, viewerId: string) {
  return db
    .select(postColumns(viewerId))
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.userId))
    .leftJoin(proofs, eq(proofs.id, communityPosts.proofId));
}

/**
 * One page of the feed, newest first. The cursor is the last post's (created_at, id), so a page stays right while
 * others post: nothing is skipped or shown twice, and each page is one index range scan however long the feed grows.
 */
export async function readFeed(db: Db, viewerId: string, cursor?: string): Promise<FeedPage> {
  const after = decodeCursor(cursor);
  const rows = await postsQuery(db, viewerId)
    .where(
      and(
        visiblePost(viewerId),
        // A row comparison, not `a < x or (a = x and b < y)`: PostgreSQL starts the index scan at the cursor, where the
        // `or` made it read every newer post first (a page ten months back: 46 ms against 4 ms with 50,000 posts).
        after
          ? sql`(${communityPosts.createdAt}, ${communityPosts.id}) < (${new Date(after.at)}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    // `nulls last` as the index is built: a plain `desc` means nulls first, which the index cannot give, and the
    // first page sorted every post instead (58 ms against 4 ms with 50,000 posts; the columns are never null).
    .orderBy(sql`${communityPosts.createdAt} desc nulls last`, sql`${communityPosts.id} desc nulls last`)
    .limit(FEED_PAGE_SIZE + 1);
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  const [badges, hidden] = await Promise.all([authorBadges(db, page), after ? 0 : hiddenPosts(db, viewerId)]);
  return {
    posts: page.map((row) => toPost(row as PostRow, viewerId, badges)),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
    hidden,
  };
}

/**
 * How many posts he hid himself, reported or by a member he blocked (and not removed since, which hides them for
 * everyone): an empty feed must not tell him nobody posted when he hid what others did (issue 53 row 5). Read from
 * his own reports and blocks, so it costs what he hid, not the length of the feed.
 */
async function hiddenPosts(db: Db, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityPosts)
    .where(
      and(
        isNull(communityPosts.removedAt),
        sql`(${communityPosts.userId} in (select ${communityBlocks.blockedId} from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId})
          or ${communityPosts.id} in (select ${communityReports.postId} from ${communityReports} where ${communityReports.reporterId} = ${viewerId}))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The photo shown with a post, for a member who may see that post (the same rule as the feed: not removed, not
 * reported by him, its author not blocked by him); null for anything else, which answers as a post not there.
 */
export async function readPostPhoto(db: Db, storage: ProofStorage, viewerId: string, postId: string) {
  const [row] = await db
    .select({ photoKey: proofs.photoKey })
    .from(communityPosts)
    .innerJoin(proofs, eq(proofs.id, communityPosts.proofId))
    .where(and(eq(communityPosts.id, postId), visiblePost(viewerId)));
  if (!row?.photoKey) return null;
  return storage.get(row.photoKey);
}

async function readPost(db: Db, viewerId: string, postId: string): Promise<FeedPost> {
  const [row] = await postsQuery(db, viewerId).where(and(eq(communityPosts.id, postId), visiblePost(viewerId)));
  if (!row) throw new DomainError("community.postNotFound");
  return toPost(row as PostRow, viewerId, await authorBadges(db, [row]));
}

/**
 * Does `act` (the insert) only while he is within the day's limit for `action` (rolling 24 hours): the count and the
 * insert in one transaction, under an advisory lock of his own for that action. Requests of his in parallel are
 * counted one after another, each seeing what the one before it stored, on PostgreSQL as on PGlite; counted first and
 * inserted after, nothing between, 60 comments at once stored 55 of 50 (issue 52 row 5). Every limited action goes
 * through here. `act` works on `tx` only: another connection's query could wait on this lock, and on PGlite any query
 * outside this transaction waits for its end.
 */
async function withinDailyLimit<T>(
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
async function unlessGone<T>(gone: DomainErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
    if (code === "23503" || cause?.code === "23503") throw new DomainError(gone);
    throw error;
  }
}

/** What the post shows of the win, read from his own plan or run; never from the request. */
async function theWin(db: Db, userId: string, request: SharePostRequest) {
  if (request.kind === "milestone") {
    const [row] = await db
      .select({ milestone: milestones, challengeTitle: challenges.title, proofId: proofs.id })
      .from(milestones)
      .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
      .leftJoin(proofs, eq(proofs.milestoneId, milestones.id))
      .where(and(eq(milestones.id, request.milestoneId), eq(milestones.userId, userId)));
    if (!row) throw new DomainError("community.milestoneNotFound");
    if (!row.milestone.milestoneCompleted || !row.milestone.completedAt) {
      throw new DomainError("community.milestoneNotCompleted");
    }
    // What the post shows of his plan follows the rules of a post's own words (issue 52 row 3, decision 0145).
    const problem = sharedWinProblem({
      milestoneText: row.milestone.milestoneDescription,
      challengeTitle: row.challengeTitle,
    });
    if (problem) throw new DomainError("community.winNotShareable", { message: problem });
    return {
      milestoneId: row.milestone.id,
      challengeTitle: row.challengeTitle,
      milestoneText: row.milestone.milestoneDescription,
      achievedOn: dayOf(row.milestone.completedAt),
      proofId: row.proofId,
    };
  }
  const [run] = await db
    .select({ run: runValidations, proofId: proofs.id })
    .from(runValidations)
    .leftJoin(proofs, eq(proofs.runValidationId, runValidations.id))
    .where(eq(runValidations.userId, userId));
  if (!run) throw new DomainError("community.runNotValidated");
  return {
    milestoneId: null,
    challengeTitle: RUN_CHALLENGE_TITLE,
    milestoneText: `Ran ${run.run.todayDuration} minutes, phone in airplane mode.`,
    achievedOn: dayOf(run.run.createdAt),
    proofId: run.proofId,
  };
}

/** Shares a win of his: once per milestone, once for his run; never on his behalf (the app only offers it). */
export async function sharePost(db: Db, userId: string, request: SharePostRequest, now: Date = new Date()) {
  const tookBack = request.withScreenTime ? await tookBackThisWeek(db, userId, now) : null;
  const inserted = await withinDailyLimit(db, "post", userId, now, async (tx) => {
    const win = await theWin(tx, userId, request);
    const [row] = await tx
      .insert(communityPosts)
      .values({
        userId,
        kind: request.kind,
        milestoneId: win.milestoneId,
        challengeTitle: win.challengeTitle,
        milestoneText: win.milestoneText,
        achievedOn: win.achievedOn,
        proofId: request.withProof ? win.proofId : null,
        text: request.text,
        tookBackMinutes: tookBack,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: communityPosts.id });
    if (!row) throw new DomainError("community.alreadyShared");
    return row;
  });
  return readPost(db, userId, inserted.id);
}

async function cheerState(db: Db, userId: string, postId: string): Promise<CheerAnswer> {
  const post = await readPost(db, userId, postId);
  return { cheers: post.cheers, cheeredByMe: post.cheeredByMe };
}

/** One cheer per member and post: a second press changes nothing. Not his own post. */
export async function cheerPost(db: Db, userId: string, postId: string, now: Date = new Date()): Promise<CheerAnswer> {
  const post = await readPost(db, userId, postId);
  if (post.mine) throw new DomainError("community.ownCheer");
  await unlessGone("community.postNotFound", async () => {
    await db.insert(communityCheers).values({ postId, userId }).onConflictDoNothing();
    await notifyAuthor(db, { kind: "cheer", actorId: userId, postId }, now);
  });
  return cheerState(db, userId, postId);
}

export async function takeBackCheer(db: Db, userId: string, postId: string): Promise<CheerAnswer> {
  await readPost(db, userId, postId);
  await db.delete(communityCheers).where(and(eq(communityCheers.postId, postId), eq(communityCheers.userId, userId)));
  return cheerState(db, userId, postId);
}

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
