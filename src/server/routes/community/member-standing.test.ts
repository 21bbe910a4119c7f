import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityMembers, communityReports, operators } from "#server/db/schema.ts";
import { decide } from "#server/services/community/moderation.ts";
import { feedMessages } from "#shared/community/rules.ts";
import { admittedMember, storedRunPost } from "#tests/support/community-members.ts";
import { secondInstance } from "#tests/support/second-instance.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * A member found to be one is kept for SESSION_CACHE_SECONDS (issue 58), on two instances of one database as in
 * production: the feed's page is then one statement. What must never wait for those seconds: a suspension, decided
 * through either instance, and an admission.
 */
describe("a member's standing, kept by each instance", () => {
  let a: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>> | undefined;
  let b: { feed(user: TestUser): Promise<Response> };

  beforeAll(async () => {
    a = await createTestApp({ SESSION_CACHE_SECONDS: "300" });
    second = await secondInstance(a);
    const { app } = second;
    b = {
      feed: (user) =>
        Promise.resolve(app.request("/api/community/feed", { headers: { origin: TEST_ORIGIN, cookie: user.cookie } })),
    };
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  /** Polls instance B for at most `ms`: how long the suspension took to reach it. */
  async function refusedOnBWithin(user: TestUser, ms: number) {
    const started = Date.now();
    while (Date.now() - started < ms) {
      const response = await b.feed(user);
      if (response.status === 403) return (await response.json()) as { error: string };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }

  it("keeps a member on B until it is told: a suspension nobody announced is not seen, one announced is", async () => {
    const member = await admittedMember(a, "Kit");
    expect((await b.feed(member)).status).toBe(200);
    await a.db.update(communityMembers).set({ suspendedAt: new Date() }).where(eq(communityMembers.userId, member.id));
    // Kept: B did not ask the database again.
    expect((await b.feed(member)).status).toBe(200);
    await a.deps.database.changes.publish("standings");
    expect(await refusedOnBWithin(member, 1_000)).toEqual({ error: feedMessages.suspended });
  });

  it("refuses him on B within a second of the operator suspending him through A, though B kept him for 300 s", async () => {
    const operator = await a.createUser({ firstName: "Olga" });
    await a.db.insert(operators).values({ userId: operator.id });
    const author = await admittedMember(a, "Ugo");
    const reporter = await admittedMember(a, "Vik");
    const post = await storedRunPost(a, author);
    await a.db.insert(communityReports).values({ reporterId: reporter.id, postId: post.id, reason: "spam" });
    expect((await b.feed(author)).status).toBe(200);
    expect((await a.api.community.feed.$get({ query: {} }, { headers: { cookie: author.cookie } })).status).toBe(200);

    await decide(a.deps, operator.id, {
      itemKind: "post",
      itemId: post.id,
      decision: "suspend",
      ground: "spam",
      explanation: "Spam, again.",
    });
    // On A at once, on B as soon as it hears.
    expect((await a.api.community.feed.$get({ query: {} }, { headers: { cookie: author.cookie } })).status).toBe(403);
    expect(await refusedOnBWithin(author, 1_000)).toEqual({ error: feedMessages.suspended });
  });

  it("lets a man in on his next request, with nothing to announce: only members are kept", async () => {
    const waiting = await a.createUser({ firstName: "Wes" });
    const refused = await b.feed(waiting);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: feedMessages.notAdmitted });
    await a.db.insert(communityMembers).values({ userId: waiting.id, admittedAt: new Date(), admittedBy: "test" });
    expect((await b.feed(waiting)).status).toBe(200);
  });
});
