import { isNull, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { preparedStatement } from "#server/db/prepared.ts";
import { communityBlocks, communityPosts, communityReports } from "#server/db/schema.ts";
import type { FeedPage, FeedPost } from "#shared/community/contracts.ts";
import { FEED_PAGE_SIZE } from "#shared/community/rules.ts";
import { onePer } from "#shared/one-per.ts";
import {
  type HisPart,
  nextPageCursor,
  postCounts,
  postsWithAuthors,
  readFeed,
  type SharedPostRow,
  sharedPostColumns,
  toPost,
} from "./feed.ts";

/**
 * The feed's first page with its shared part kept by each instance (issue 58, decision 0190). Every member's first
 * page shows the same newest posts (but for what he hid himself), so what every member sees alike (the posts, their
 * authors' names and badges, their proofs) is read once and kept; each page then reads only his part: the counts of
 * cheers and comments, whether he cheered, and whether he hid anything. Read in full per request, the page cost
 * PostgreSQL ~300 µs against the dashboard's ~120.
 *
 * The kept part stays right on every instance: the database's triggers move the sequence `community_feed_version` on
 * with every change to it, and each page's read compares that version with the kept one (a change committed before the
 * read is never missed); they also announce the change on the change feed ("feed") when it commits, which drops the
 * kept page at once (a change still being written while the page was read). While this instance cannot hear those
 * announcements nothing is kept, and nothing is kept longer than SESSION_CACHE_SECONDS.
 */

/** The kept part, and the feed's version it was read at. */
type SharedPage = { version: string; posts: SharedPostRow[]; readAt: number };

const version = sql`(select last_value from community_feed_version)::text`;

/** The newest posts (and one more: whether there is a next page) as every member sees them. */
const sharedPageStatement = preparedStatement<SharedPostRow & { version: string }>(
  "feed_first_page_shared",
  () => sql`select ${sharedPostColumns}, ${version} as "version"
    from ${postsWithAuthors}
    where ${isNull(communityPosts.removedAt)}
    order by ${communityPosts.createdAt} desc nulls last, ${communityPosts.id} desc nulls last
    limit ${sql.raw(String(FEED_PAGE_SIZE + 1))}`,
);

const viewer = sql.placeholder("viewer");

/** His part of a kept post as his read returns it: whose post it is is known from the kept part. */
type HisRow = Omit<HisPart, "mine"> & { id: string; version: string; hides: boolean };

/**
 * His part of the kept posts, with the feed's version now and whether he hid anything (a post or comment he reported,
 * a member he blocked): then his page is not the shared one, and is read in full. A post deleted since is not there.
 */
const hisPartStatement = preparedStatement<HisRow>(
  "feed_first_page_his",
  () => sql`select ${communityPosts.id} as "id", ${postCounts(viewer)}, ${version} as "version",
      (exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewer})
        or exists (select 1 from ${communityReports} where ${communityReports.reporterId} = ${viewer})) as "hides"
    from ${communityPosts}
    where ${communityPosts.id} = any(${sql.placeholder("ids")}::uuid[])`,
);

function createKeptFeed(database: Database, keepMs: number) {
  let kept: SharedPage | null = null;
  // Counts the announcements heard: a read that began before one must not keep what it read.
  let generation = 0;
  database.changes.subscribe("feed", () => {
    generation += 1;
    kept = null;
  });

  async function sharedPage(now: number): Promise<SharedPage> {
    if (kept && now - kept.readAt < keepMs && database.changes.live) return kept;
    const readIn = generation;
    const { rows } = await sharedPageStatement(database.db, {});
    const page = { version: rows[0]?.version ?? "", posts: rows, readAt: now };
    kept = keepMs > 0 && readIn === generation && database.changes.live ? page : null;
    return page;
  }

  /** His first page: the kept part and his own, or read in full when he hid something or the feed moved on. */
  async function firstPage(viewerId: string, now = Date.now()): Promise<FeedPage> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const shared = await sharedPage(now);
      if (shared.posts.length === 0) break;
      const { rows } = await hisPartStatement(database.db, { viewer: viewerId, ids: shared.posts.map((p) => p.id) });
      const first = rows[0];
      if (!first || first.hides) break;
      if (first.version !== shared.version) {
        // Changed since it was kept: read again, once.
        if (kept === shared) kept = null;
        continue;
      }
      const his = new Map(rows.map((row) => [row.id, row]));
      const page: FeedPost[] = [];
      for (const post of shared.posts.slice(0, FEED_PAGE_SIZE)) {
        const part = his.get(post.id);
        // Deleted since it was kept (the announcement on its way): left out.
        if (!part) continue;
        const { cheers, cheeredByMe, comments } = part;
        page.push(toPost(post, { cheers, cheeredByMe, comments, mine: post.authorId === viewerId }));
      }
      return { posts: page, nextCursor: nextPageCursor(page, shared.posts.length > FEED_PAGE_SIZE), hidden: 0 };
    }
    return readFeed(database.db, viewerId);
  }

  return { firstPage };
}

/** This instance's kept first page: one per app's dependencies, as the kept members. */
export const keptFeed = onePer((deps: Pick<Deps, "database" | "env">) =>
  createKeptFeed(deps.database, deps.env.SESSION_CACHE_SECONDS * 1000),
);

/** A page of the feed: the first through the kept part, the others read in full. */
export function readFeedPage(deps: Pick<Deps, "database" | "env">, viewerId: string, cursor?: string) {
  return cursor ? readFeed(deps.database.db, viewerId, cursor) : keptFeed(deps).firstPage(viewerId);
}
