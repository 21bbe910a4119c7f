import { and, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedStatement } from "#server/db/prepared.ts";
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
import type { FeedPage, FeedPost, PostProof, SharePostRequest } from "#shared/community/contracts.ts";
import { sharedWinProblem } from "#shared/community/post-text.ts";
import { type BadgeId, badgeInfo, FEED_PAGE_SIZE } from "#shared/community/rules.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { dayOf } from "#shared/time.ts";
import { DomainError } from "../domain-error.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { tookBackThisWeek } from "../screen-time/check-ins.ts";
import { decodeCursor, encodeCursor } from "./feed-cursor.ts";
import { visibleComment, visiblePost } from "./visibility.ts";
import { withinDailyLimit } from "./write-guards.ts";

/** The run every man starts with, as a post names it. */
const RUN_CHALLENGE_TITLE = "Run longer than ever before";

/** Who reads: his id, or the placeholder a statement prepared once binds it to. */
type Viewer = string | Placeholder<"viewer">;

/**
 * The columns of a post as `viewerId` sees it, named as `PostRow`: read as node-postgres gives them, not mapped by
 * drizzle (issue 58: mapping a page's twenty rows of nineteen columns was a seventh of the feed's server time). Built
 * as JSON by PostgreSQL instead, the page cost Node half as much but PostgreSQL a fifth more, and PostgreSQL is the
 * one every instance shares.
 */
function postColumns(viewerId: Viewer) {
  return sql`${sharedPostColumns},
    ${communityPosts.userId} = ${viewerId} as "mine",
    ${postCounts(viewerId)}`;
}

/** What every member sees of a post alike (the feed's kept first page, decision 0190), with its author's id. */
export const sharedPostColumns = sql`${communityPosts.id} as "id",
    ${communityPosts.userId} as "authorId",
    ${users.firstName} as "firstName",
    ${communityPosts.kind} as "kind",
    ${communityPosts.challengeTitle} as "challengeTitle",
    ${communityPosts.milestoneText} as "milestoneText",
    ${communityPosts.achievedOn} as "achievedOn",
    ${communityPosts.text} as "text",
    ${proofs.kind} as "proofKind",
    -- Whether an activity file proved his run, whatever the post shows of it: a run is validated once, never changed.
    ${communityPosts.kind} = 'run' and not exists (select 1 from ${runValidations} join ${proofs} as run_proof on run_proof.run_validation_id = ${runValidations.id} where ${runValidations.userId} = ${communityPosts.userId}) as "selfReported",
    ${communityPosts.tookBackMinutes} as "tookBackMinutes",
    ${proofs.activity} as "proofActivity",
    ${proofs.photoWidth} as "photoWidth",
    ${proofs.photoHeight} as "photoHeight",
    ${communityPosts.createdAt} as "createdAt",
    -- His badges in the same statement (the unique (user_id, badge_id) index serves it), in display order below.
    (select json_agg(${userBadges.badgeId}) from ${userBadges} where ${userBadges.userId} = ${communityPosts.userId}) as "badges"`;

/** A post's cheers and comments as `viewerId` sees them, and whether he cheered it: read with every page. */
export function postCounts(viewerId: Viewer) {
  return sql`(select count(*)::int from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id}) as "cheers",
    -- One probe of the (post, member) index per post of the page. Without "offset 0" PostgreSQL may read every cheer
    -- he ever gave into a hash instead, as it planned for the whole feed: 4,000 cheers cost 1.4–2.2 ms a page
    -- against 0.4–0.5 ms.
    exists (select 1 from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id} and ${communityCheers.userId} = ${viewerId} offset 0) as "cheeredByMe",
    (select count(*)::int from ${communityComments} where ${communityComments.postId} = ${communityPosts.id} and ${visibleComment(viewerId)}) as "comments"`;
}

/** A post's row as every member sees it. */
export type SharedPostRow = Omit<PostRow, "mine" | "cheers" | "cheeredByMe" | "comments">;

type PostRow = {
  id: string;
  authorId: string;
  mine: boolean;
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
  createdAt: Date | string;
  cheers: number;
  cheeredByMe: boolean;
  comments: number;
  badges: BadgeId[] | null;
};

function postProof(row: SharedPostRow): PostProof | null {
  if (row.proofKind === "photo") {
    // Served to the members who may see the post (GET /api/community/posts/:id/photo).
    const url = `/api/community/posts/${row.id}/photo`;
    return { kind: "photo", photo: { width: row.photoWidth ?? 0, height: row.photoHeight ?? 0, url } };
  }
  if (row.proofKind === "activity" && row.proofActivity) {
    // What the post shows of an activity: how it was recorded, nothing of when or where it started.
    const { format, distanceMeters, movingSeconds, paceSecondsPerKm, route } = row.proofActivity;
    return { kind: "activity", activity: { format, distanceMeters, movingSeconds, paceSecondsPerKm, route } };
  }
  return null;
}

/** What only he sees of a post: the counts as he sees them, his cheer, whether it is his. */
export type HisPart = Pick<PostRow, "mine" | "cheers" | "cheeredByMe" | "comments">;

/**
 * A post from its shared row and his part (the same row when read in full). Two arguments rather than one merged
 * object: spreading node-postgres' rows into one cost ~10 µs a post (decision 0190).
 */
export function toPost(row: SharedPostRow, his: HisPart): FeedPost {
  return {
    id: row.id,
    author: {
      firstName: row.firstName,
      badges: (row.badges ?? []).sort((a, b) => badgeInfo[a].order - badgeInfo[b].order),
    },
    kind: row.kind,
    challengeTitle: row.challengeTitle,
    milestoneText: row.milestoneText,
    achievedOn: row.achievedOn,
    text: row.text,
    proof: postProof(row),
    selfReported: row.selfReported,
    tookBackMinutes: row.tookBackMinutes,
    cheers: his.cheers,
    cheeredByMe: his.cheeredByMe,
    comments: his.comments,
    mine: his.mine,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A post's author, its proof: what `sharedPostColumns` reads besides the post. */
export const postsWithAuthors = sql`${communityPosts}
  join ${users} on ${users.id} = ${communityPosts.userId}
  left join ${proofs} on ${proofs.id} = ${communityPosts.proofId}`;

/** A post of a page, and on the first page how many posts he hid (the same on every row). */
type PageRow = PostRow & { hidden: number };

const viewer = sql.placeholder("viewer");

/**
 * A page's statement, prepared once by name (`preparedStatement`): the viewer and the cursor are placeholders bound at
 * each call, and the page's rows and one more (whether there is a next page) are written into its text, so PostgreSQL's
 * generic plan knows it reads 21 rows (as a bound limit it planned for thousands: 34 ms a page at 100,000 men).
 */
function pageStatement(after: boolean) {
  return preparedStatement<PageRow>(after ? "feed_page_after" : "feed_first_page", () => {
    return sql`select ${postColumns(viewer)},
        -- The first page says how many posts he hid (issue 53 row 5): an uncorrelated subquery, counted once.
        ${after ? sql`0` : hiddenCount(viewer)} as "hidden"
      from ${postsWithAuthors}
      where ${visiblePost(viewer)}
      ${
        // A row comparison, not `a < x or (a = x and b < y)`: PostgreSQL starts the index scan at the cursor, where
        // the `or` made it read every newer post first (a page ten months back: 46 ms against 4 ms, 50,000 posts).
        after
          ? sql`and (${communityPosts.createdAt}, ${communityPosts.id}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")}::uuid)`
          : sql``
      }
      -- "nulls last" as the index is built: a plain "desc" means nulls first, which the index cannot give, and the
      -- first page sorted every post instead (58 ms against 4 ms with 50,000 posts; the columns are never null).
      order by ${communityPosts.createdAt} desc nulls last, ${communityPosts.id} desc nulls last
      limit ${sql.raw(String(FEED_PAGE_SIZE + 1))}`;
  });
}

const firstPage = pageStatement(false);
const pageAfter = pageStatement(true);

/**
 * One page of the feed, newest first. The cursor is the last post's (created_at, id), so a page stays right while
 * others post: nothing is skipped or shown twice, and each page is one index range scan however long the feed grows.
 */
export async function readFeed(db: Db, viewerId: string, cursor?: string): Promise<FeedPage> {
  const after = decodeCursor(cursor);
  const { rows } = after
    ? await pageAfter(db, { viewer: viewerId, afterAt: after.at, afterId: after.id })
    : await firstPage(db, { viewer: viewerId });
  const page = rows.slice(0, FEED_PAGE_SIZE).map((row) => toPost(row, row));
  const hidden = after ? 0 : rows[0] ? Number(rows[0].hidden) : await hiddenPosts(db, viewerId);
  return { posts: page, nextCursor: nextPageCursor(page, rows.length > FEED_PAGE_SIZE), hidden };
}

/** The cursor of the page after `page`: its last post's, when a post was read beyond it. */
export function nextPageCursor(page: FeedPost[], more: boolean): string | null {
  const last = page.at(-1);
  return more && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null;
}

/**
 * How many posts he hid himself, reported or by a member he blocked (and not removed since, which hides them for
 * everyone): an empty feed must not tell him nobody posted when he hid what others did (issue 53 row 5). Read from
 * his own reports and blocks, so it costs what he hid, not the length of the feed.
 */
function hiddenCount(viewerId: Viewer) {
  // Index probes from his own rows (his blocks → their authors' posts, his reports → those posts), joined by `union`,
  // which counts once a post he reported from a member he blocked. Written as one `or` over the posts, PostgreSQL read
  // every post of the community to count them (issue 58); the lateral subqueries (`offset 0`: not flattened) keep
  // the planner from hashing the posts table instead of probing it.
  return sql<number>`(select count(*)::int from (
      select hidden_post.id from ${communityBlocks} cross join lateral (select p.id from ${communityPosts} as p
        where p.user_id = ${communityBlocks.blockedId} and p.removed_at is null offset 0) as hidden_post
        where ${communityBlocks.blockerId} = ${viewerId}
      union
      select hidden_post.id from ${communityReports} cross join lateral (select p.id from ${communityPosts} as p
        where p.id = ${communityReports.postId} and p.removed_at is null offset 0) as hidden_post
        where ${communityReports.reporterId} = ${viewerId}
    ) as hidden)`;
}

async function hiddenPosts(db: Db, viewerId: string): Promise<number> {
  // An empty page carries no row to count them on; asked on its own then.
  const { rows } = await db.execute<{ n: number }>(sql`select ${hiddenCount(viewerId)} as n`);
  return Number(rows[0]?.n ?? 0);
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

/** One post as `viewerId` may see it, or `community.postNotFound`: what every act on a post checks first. */
export async function readPost(db: Db, viewerId: string, postId: string): Promise<FeedPost> {
  const { rows } = await db.execute<PostRow>(
    sql`select ${postColumns(viewerId)} from ${postsWithAuthors}
      where ${communityPosts.id} = ${postId} and ${visiblePost(viewerId)}`,
  );
  const [row] = rows;
  if (!row) throw new DomainError("community.postNotFound");
  return toPost(row, row);
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
