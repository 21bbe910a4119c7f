import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityCheers, communityPosts, communityReports, userBadges, users } from "#server/db/schema.ts";
import { readFeed } from "#server/services/community/feed.ts";
import type { FeedPage } from "#shared/community/contracts.ts";
import { admittedMember, storedRunPost } from "#tests/support/community-members.ts";
import { secondInstance } from "#tests/support/second-instance.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * The feed's first page with its shared part kept by each instance (issue 58, decision 0190), on two instances of one
 * database as in production: whatever changes through either is on the other's next page, without waiting; his own
 * part (counts, his cheer, what he hid) is read with every page.
 */
describe("the feed's first page, its shared part kept by each instance", () => {
  let a: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>> | undefined;
  let onB: (user: TestUser) => Promise<FeedPage>;

  beforeAll(async () => {
    a = await createTestApp({ SESSION_CACHE_SECONDS: "300" });
    second = await secondInstance(a);
    const { app } = second;
    onB = async (user) => {
      const response = await app.request("/api/community/feed", {
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as FeedPage;
    };
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  const onA = async (user: TestUser) =>
    (await (await a.api.community.feed.$get({ query: {} }, { headers: { cookie: user.cookie } })).json()) as FeedPage;

  /** A change written with the database's triggers off: nothing announces it. */
  async function unannounced(
    change: (tx: Parameters<Parameters<TestApp["db"]["transaction"]>[0]>[0]) => Promise<unknown>,
  ) {
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await change(tx);
    });
  }

  it("keeps the shared part: a change nobody announced is not read again; one the database announces is, at once", async () => {
    const author = await admittedMember(a, "Kai");
    const reader = await admittedMember(a, "Lev");
    const post = await storedRunPost(a, author, { milestoneText: "Ran 6 km" });
    expect((await onB(reader)).posts[0]?.milestoneText).toBe("Ran 6 km");
    await unannounced((tx) =>
      tx.update(communityPosts).set({ milestoneText: "Ran 7 km" }).where(eq(communityPosts.id, post.id)),
    );
    // Kept: B did not read the post again.
    expect((await onB(reader)).posts[0]?.milestoneText).toBe("Ran 6 km");
    await a.db.update(communityPosts).set({ milestoneText: "Ran 8 km" }).where(eq(communityPosts.id, post.id));
    expect((await onB(reader)).posts[0]?.milestoneText).toBe("Ran 8 km");
  });

  it("shows a new post, a removed one, a badge and a new first name on the other instance's very next page", async () => {
    const author = await admittedMember(a, "Max");
    const reader = await admittedMember(a, "Ned");
    expect((await onB(reader)).posts.length).toBeGreaterThan(0);
    const post = await storedRunPost(a, author, { milestoneText: "Ran 9 km" });
    expect((await onB(reader)).posts[0]).toMatchObject({ id: post.id, author: { firstName: "Max", badges: [] } });

    await a.db.insert(userBadges).values({ userId: author.id, badgeId: "first-run", earnedAt: new Date() });
    expect((await onB(reader)).posts[0]?.author.badges).toEqual(["first-run"]);
    await a.db.update(users).set({ firstName: "Maxim" }).where(eq(users.id, author.id));
    expect((await onB(reader)).posts[0]?.author.firstName).toBe("Maxim");

    await a.db.update(communityPosts).set({ removedAt: new Date() }).where(eq(communityPosts.id, post.id));
    expect((await onB(reader)).posts.map((p) => p.id)).not.toContain(post.id);
  });

  it("reads his own part with every page: the cheers, his cheer, and whose post it is", async () => {
    const author = await admittedMember(a, "Oli");
    const fan = await admittedMember(a, "Pim");
    const post = await storedRunPost(a, author, { milestoneText: "Ran 10 km" });
    expect((await onB(fan)).posts[0]).toMatchObject({ id: post.id, cheers: 0, cheeredByMe: false, mine: false });
    // A cheer changes no shared part: nothing announces it, and the page still counts it.
    await unannounced((tx) => tx.insert(communityCheers).values({ postId: post.id, userId: fan.id }));
    expect((await onB(fan)).posts[0]).toMatchObject({ id: post.id, cheers: 1, cheeredByMe: true, mine: false });
    expect((await onB(author)).posts[0]).toMatchObject({ id: post.id, cheers: 1, cheeredByMe: false, mine: true });
  });

  it("gives a member who hid something his own page, and everyone else the kept one", async () => {
    const author = await admittedMember(a, "Quin");
    const reporter = await admittedMember(a, "Rob");
    const other = await admittedMember(a, "Sol");
    const post = await storedRunPost(a, author, { milestoneText: "Ran 11 km" });
    await a.db.insert(communityReports).values({ reporterId: reporter.id, postId: post.id, reason: "spam" });
    const his = await onB(reporter);
    expect(his.posts.map((p) => p.id)).not.toContain(post.id);
    expect(his.hidden).toBe(1);
    expect((await onB(other)).posts[0]?.id).toBe(post.id);
  });

  it("answers each member as the page read in full does, on either instance", async () => {
    const members = await Promise.all(["Tom", "Udo", "Vic"].map((name) => admittedMember(a, name)));
    for (const [i, member] of members.entries()) {
      const post = await storedRunPost(a, member, { milestoneText: `Ran ${12 + i} km` });
      await a.db.insert(communityCheers).values({ postId: post.id, userId: members[0]!.id });
    }
    for (const member of members) {
      const inFull = JSON.parse(JSON.stringify(await readFeed(a.db, member.id)));
      expect(await onA(member)).toEqual(inFull);
      expect(await onB(member)).toEqual(inFull);
    }
  });
});
