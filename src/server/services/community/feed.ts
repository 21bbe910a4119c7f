import { and, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isoTime, preparedStatement } from "#server/db/prepared.ts";
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
import type { FeedPage, FeedPost, SharePostRequest } from "#shared/community/contracts.ts";
import { sharedWinProblem } from "#shared/community/post-text.ts";
import { badgeInfo, FEED_PAGE_SIZE } from "#shared/community/rules.ts";
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
 * A post as `viewerId` sees it, built as JSON by PostgreSQL in the shape of `FeedPost` (but for the order of his
 * badges): issue 58, a page's twenty rows of nineteen columns mapped by drizzle and rebuilt in JavaScript were a
 * fifth of the feed's server time.
 */
function postJson(viewerId: Viewer) {
  return sql`json_build_object(
    'id', ${communityPosts.id},
    'author', json_build_object(
      'firstName', ${users.firstName},
      -- His badges in the same statement (the unique (user_id, badge_id) index serves it), ordered for display below.
      'badges', coalesce((select json_agg(${userBadges.badgeId}) from ${userBadges} where ${userBadges.userId} = ${communityPosts.userId}), '[]'::json)
    ),
    'kind', ${communityPosts.kind},
    'challengeTitle', ${communityPosts.challengeTitle},
    'milestoneText', ${communityPosts.milestoneText},
    'achievedOn', ${communityPosts.achievedOn},
    'text', ${communityPosts.text},
    'proof', case
      when ${proofs.kind} = 'photo' then json_build_object('kind', 'photo', 'photo', json_build_object(
        'width', coalesce(${proofs.photoWidth}, 0),
        'height', coalesce(${proofs.photoHeight}, 0),
        -- Served to the members who may see the post (GET /api/community/posts/:id/photo).
        'url', '/api/community/posts/' || ${communityPosts.id}::text || '/photo'))
      -- What the post shows of an activity: how it was recorded, nothing of when or where it started.
      when ${proofs.kind} = 'activity' and ${proofs.activity} is not null then json_build_object('kind', 'activity', 'activity', json_build_object(
        'format', ${proofs.activity}->'format',
        'distanceMeters', ${proofs.activity}->'distanceMeters',
        'movingSeconds', ${proofs.activity}->'movingSeconds',
        'paceSecondsPerKm', ${proofs.activity}->'paceSecondsPerKm',
        'route', ${proofs.activity}->'route'))
    end,
    -- Whether an activity file proved his run, whatever the post shows of it: a run is validated once, never changed.
    'selfReported', ${communityPosts.kind} = 'run' and not exists (select 1 from ${runValidations} join ${proofs} as run_proof on run_proof.run_validation_id = ${runValidations.id} where ${runValidations.userId} = ${communityPosts.userId}),
    'tookBackMinutes', ${communityPosts.tookBackMinutes},
    'cheers', (select count(*)::int from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id}),
    -- One probe of the (post, member) index per post of the page. Without "offset 0" PostgreSQL may read every cheer
    -- he ever gave into a hash instead, as it planned for the whole feed: 4,000 cheers cost 1.4–2.2 ms a page
    -- against 0.4–0.5 ms.
    'cheeredByMe', exists (select 1 from ${communityCheers} where ${communityCheers.postId} = ${communityPosts.id} and ${communityCheers.userId} = ${viewerId} offset 0),
    'comments', (select count(*)::int from ${communityComments} where ${communityComments.postId} = ${communityPosts.id} and ${visibleComment(viewerId)}),
    'mine', ${communityPosts.userId} = ${viewerId},
    'createdAt', ${isoTime(sql`${communityPosts.createdAt}`)}
  )`;
}

/** A post's author, its proof: what `postJson` reads besides the post. */
const postsWithAuthors = sql`${communityPosts}
  join ${users} on ${users.id} = ${communityPosts.userId}
  left join ${proofs} on ${proofs.id} = ${communityPosts.proofId}`;

/** A post as PostgreSQL built it, with his badges put in display order. */
function inDisplayOrder(post: FeedPost): FeedPost {
  post.author.badges.sort((a, b) => badgeInfo[a].order - badgeInfo[b].order);
  return post;
}

/** A page's posts (and one more: whether there is a next page), and on the first page how many he hid. */
type PageRow = { posts: FeedPost[]; hidden: number };

const viewer = sql.placeholder("viewer");

/**
 * A page's statement, prepared once by name (`preparedStatement`): the viewer and the cursor are placeholders bound at
 * each call, and the page's rows and one more (whether there is a next page) are written into its text, so PostgreSQL's
 * generic plan knows it reads 21 rows (as a bound limit it planned for thousands: 34 ms a page at 100,000 men).
 */
function pageStatement(after: boolean) {
  return preparedStatement<PageRow>(after ? "feed_page_after" : "feed_first_page", () => {
    const page = sql`select ${communityPosts.createdAt} as created_at, ${communityPosts.id} as id, ${postJson(viewer)} as post
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
    // The first page says how many posts he hid (issue 53 row 5), counted once in the page's own statement.
    return sql`with page as (${page})
      select coalesce(json_agg(page.post order by page.created_at desc, page.id desc), '[]'::json) as posts,
        ${after ? sql`0` : hiddenCount(viewer)} as hidden
      from page`;
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
  const [row] = rows;
  const posts = row?.posts ?? [];
  const page = posts.slice(0, FEED_PAGE_SIZE).map(inDisplayOrder);
  const last = page.at(-1);
  return {
    posts: page,
    nextCursor:
      posts.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null,
    hidden: Number(row?.hidden ?? 0),
  };
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
  const { rows } = await db.execute<{ post: FeedPost }>(
    sql`select ${postJson(viewerId)} as post from ${postsWithAuthors}
      where ${communityPosts.id} = ${postId} and ${visiblePost(viewerId)}`,
  );
  const [row] = rows;
  if (!row) throw new DomainError("community.postNotFound");
  return inDisplayOrder(row.post);
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
