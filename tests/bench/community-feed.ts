import { sql } from "drizzle-orm";
import { communityMembers } from "#server/db/schema.ts";
import type { createBenchApp } from "./bench-app.ts";
import { bareServer, measure } from "./stats.ts";

type BenchApp = Awaited<ReturnType<typeof createBenchApp>>;

/** How big the community is made: a year of a busy community, with reports and blocks of the viewer's own. */
export type FeedSize = { members: number; posts: number; cheersPerPost: number; commentsPerPost: number };

export const defaultFeedSize: FeedSize = { members: 500, posts: 5000, cheersPerPost: 8, commentsPerPost: 3 };

/**
 * Members, posts, cheers and comments written in bulk with SQL (the API's daily limits would take months), spread over
 * a year so that pages deep in the feed are as real as the first. The viewer reported 50 posts and blocked 10 members,
 * so every page pays for what he must not see; one member in five reported a post and blocked a member.
 */
export async function seedCommunity(t: BenchApp, viewerId: string, size: FeedSize) {
  const db = t.deps.database.db;
  const { members, posts, cheersPerPost, commentsPerPost } = size;
  await db.execute(sql`
    insert into users (id, name, email, email_verified, first_name)
    select 'bench-member-' || i, 'Member ' || i, 'bench-member-' || i || '@example.test', true, 'Member' || i
    from generate_series(1, ${members}) as i`);
  await db.execute(sql`
    insert into community_members (user_id, admitted_at, admitted_by)
    select 'bench-member-' || i, now(), 'bench' from generate_series(1, ${members}) as i`);
  await db.insert(communityMembers).values({ userId: viewerId, admittedAt: new Date(), admittedBy: "bench" });
  await db.execute(sql`
    insert into community_posts (user_id, kind, challenge_title, milestone_text, achieved_on, text, created_at)
    select 'bench-member-' || (1 + i % ${members}), 'milestone', 'Run a half marathon',
      'Run 10 km without stopping', '2026-01-01', 'Felt strong today, the first kilometres were the hardest.',
      now() - (i * interval '1 minute') * (525600.0 / ${posts})
    from generate_series(1, ${posts}) as i`);
  await db.execute(sql`
    insert into community_cheers (post_id, user_id)
    select p.id, 'bench-member-' || (1 + (row_number() over () + k) % ${members})
    from community_posts p cross join generate_series(1, ${cheersPerPost}) as k
    on conflict do nothing`);
  await db.execute(sql`
    insert into community_comments (post_id, user_id, text, created_at)
    select p.id, 'bench-member-' || (1 + (k * 7) % ${members}), 'Great work, keep going!', p.created_at + k * interval '1 minute'
    from community_posts p cross join generate_series(1, ${commentsPerPost}) as k`);
  await db.execute(sql`
    insert into community_reports (reporter_id, post_id, reason)
    select ${viewerId}, id, 'spam' from community_posts order by created_at desc limit 50`);
  await db.execute(sql`
    insert into community_blocks (blocker_id, blocked_id)
    select ${viewerId}, 'bench-member-' || i from generate_series(1, 10) as i`);
  // Others report and block too, as in any community: one member in five reported a post and blocked a member. With the
  // viewer the only one who ever had, PostgreSQL's statistics said every report and block was his, and it planned his
  // page anew on every request rather than keep the prepared plan (1.3 ms of planning for 0.9 ms of work).
  await db.execute(sql`
    insert into community_reports (reporter_id, post_id, reason)
    select 'bench-member-' || (5 * i), (select id from community_posts order by created_at limit 1 offset i), 'spam'
    from generate_series(1, ${Math.floor(members / 5)}) as i`);
  await db.execute(sql`
    insert into community_blocks (blocker_id, blocked_id)
    select 'bench-member-' || (5 * i), 'bench-member-' || (5 * i - 1) from generate_series(1, ${Math.floor(members / 5)}) as i`);
  await db.execute(sql`analyze`);
}

/**
 * Over real loopback HTTP, for a member of a community of thousands of posts: the feed's first page, a page a year
 * back (reached by following the cursor), and one post's comments, against the same first page's bytes from a bare
 * Node server.
 */
export async function benchCommunityFeed(t: BenchApp, runs = 200, size: FeedSize = defaultFeedSize) {
  const http = await t.listen();
  try {
    const viewer = await t.createUser();
    const seeding = performance.now();
    await seedCommunity(t, viewer.id, size);
    const seededMs = performance.now() - seeding;
    const api = http.client(viewer.cookie);

    const first = await (await api.community.feed.$get({ query: {} })).json();
    if (first.posts.length !== 20 || !first.nextCursor) throw new Error("the first page is not a full page");
    // Follow the cursor to the end once: every post the viewer may see, each once, and the cursor a year back.
    const seen = new Set<string>();
    let cursor: string | null = first.nextCursor;
    let deepCursor = "";
    for (const p of first.posts) seen.add(p.id);
    let pages = 1;
    while (cursor) {
      const page = await (await api.community.feed.$get({ query: { cursor } })).json();
      for (const p of page.posts) {
        if (seen.has(p.id)) throw new Error(`post ${p.id} shown twice`);
        seen.add(p.id);
      }
      pages++;
      if (page.nextCursor && pages === Math.floor(size.posts / 20 / 1.2)) deepCursor = page.nextCursor;
      cursor = page.nextCursor;
    }
    const hiddenByBlocks = Math.ceil(size.posts / size.members) * 10;
    const visible = seen.size;
    if (visible > size.posts - 50 || visible < size.posts - 50 - hiddenByBlocks) {
      throw new Error(`the feed showed ${visible} of ${size.posts} posts`);
    }

    const body = JSON.stringify(first);
    const bare = await bareServer(body, "/api/community/feed");
    const baseline = await measure(runs, async () => {
      await (await fetch(bare.url)).json();
      return undefined;
    });
    await bare.close();
    const firstPage = await measure(runs, async () => {
      await (await api.community.feed.$get({ query: {} })).json();
      return undefined;
    });
    const deepPage = await measure(runs, async () => {
      await (await api.community.feed.$get({ query: { cursor: deepCursor } })).json();
      return undefined;
    });
    const postId = first.posts[0]!.id;
    const comments = await measure(runs, async () => {
      await (await api.community.posts[":id"].comments.$get({ param: { id: postId }, query: {} })).json();
      return undefined;
    });
    // A member who cheered a year of the feed: the page must still read only its own posts' cheers.
    const cheered = Math.min(4000, size.posts);
    await t.deps.database.db.execute(sql`
      insert into community_cheers (post_id, user_id)
      select id, ${viewer.id} from community_posts order by created_at limit ${cheered} on conflict do nothing`);
    await t.deps.database.db.execute(sql`analyze community_cheers`);
    const firstPageHeavyCheerer = await measure(runs, async () => {
      await (await api.community.feed.$get({ query: {} })).json();
      return undefined;
    });
    return {
      size,
      seededMs,
      pages,
      visible,
      bytes: body.length,
      baseline,
      firstPage,
      deepPage,
      comments,
      cheered,
      firstPageHeavyCheerer,
    };
  } finally {
    await http.close();
  }
}
