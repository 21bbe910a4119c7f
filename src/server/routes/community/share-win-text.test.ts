import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityMembers, communityPosts } from "#server/db/schema.ts";
import type { FeedPage, FeedPost } from "#shared/community/contracts.ts";
import { sharedWinMessages } from "#shared/community/post-text.ts";
import { SHARED_MILESTONE_TEXT_MAX } from "#shared/community/rules.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * Issue 52 row 3: a shared win shows his milestone's words and his challenge's title to every member. Both pass the
 * rules of a post's own words (decision 0145): a share that would show a link, a refused word, an invisible character
 * or a milestone longer than a post's card holds is refused with a message naming what to change, and stores nothing.
 */
describe("a shared win's milestone and challenge title follow the community's text rules (issue 52 row 3)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A member whose first milestone carries `milestoneText` (edited as the dashboard does) and is completed. */
  async function memberSharing(changes: { milestoneText?: string; challengeTitle?: string }) {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    expect((await user.api.community.waitlist.$post({ json: { name: "Marcus" } })).status).toBe(201);
    await t.db.insert(communityMembers).values({ userId: user.id, admittedAt: new Date(), admittedBy: "test" });
    const challenge = plan.challenges[0]!;
    const milestone = challenge.milestones[0]!;
    if (changes.challengeTitle !== undefined) {
      const edited = await user.api.challenges[":id"].$patch({
        param: { id: challenge.id },
        json: { title: changes.challengeTitle },
      });
      expect(edited.status).toBe(200);
    }
    if (changes.milestoneText !== undefined) {
      const edited = await user.api.milestones[":id"].$patch({
        param: { id: milestone.id },
        json: { milestoneDescription: changes.milestoneText },
      });
      expect(edited.status).toBe(200);
    }
    const completed = await user.api.milestones[":id"].$patch({
      param: { id: milestone.id },
      json: { milestoneCompleted: true },
    });
    expect(completed.status).toBe(200);
    return { user, milestoneId: milestone.id };
  }

  const share = (user: TestUser, milestoneId: string) =>
    user.api.community.posts.$post({ json: { kind: "milestone", milestoneId, text: "Done." } });
  const stored = (user: TestUser) => t.db.select().from(communityPosts).where(eq(communityPosts.userId, user.id));

  const refusals: Array<[string, { milestoneText?: string; challengeTitle?: string }, string]> = [
    [
      "a link and a bidi override in the milestone's words",
      { milestoneText: "Buy cheap pills at cheap-pills.com \u202Etxt.exe\u202C … https://evil.example/x" },
      sharedWinMessages.milestone.invisible,
    ],
    [
      "a link in the milestone's words",
      { milestoneText: "Buy cheap pills at cheap-pills.com, then https://evil.example/x" },
      sharedWinMessages.milestone.link,
    ],
    [
      "a refused word in the milestone's words",
      { milestoneText: "Run with a r3tard" },
      sharedWinMessages.milestone.slur,
    ],
    [
      "a milestone longer than a card holds",
      { milestoneText: "Run ".repeat(250).trim() },
      sharedWinMessages.milestone.tooLong,
    ],
    [
      "links in the challenge's title",
      { challengeTitle: "Join t.me/spamchannel for bit.ly/free-money" },
      sharedWinMessages.challenge.link,
    ],
    [
      "a zero-width space in the challenge's title",
      { challengeTitle: "Run\u200B every day" },
      sharedWinMessages.challenge.invisible,
    ],
  ];

  it.each(refusals)("refuses %s with a message naming it, and shares nothing", async (_, changes, message) => {
    const { user, milestoneId } = await memberSharing(changes);
    const response = await share(user, milestoneId);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await stored(user)).toEqual([]);
    const feed = (await (await user.api.community.feed.$get({ query: {} })).json()) as FeedPage;
    expect(feed.posts.filter((post) => post.mine)).toEqual([]);
  });

  it("names what to change and where, in the words of the post's own rules", () => {
    expect(sharedWinMessages.milestone.link).toContain("this milestone's text");
    expect(sharedWinMessages.milestone.link).toContain("Edit the milestone on your dashboard");
    expect(sharedWinMessages.challenge.link).toContain("this challenge's title");
    expect(sharedWinMessages.milestone.tooLong).toContain(String(SHARED_MILESTONE_TEXT_MAX));
  });

  it("shares a milestone he reworded in plain words, of up to the longest a card holds, as he wrote them", async () => {
    const text = `Ran 5.2 km. Then rested, e.g. on the bench. ${"x".repeat(SHARED_MILESTONE_TEXT_MAX - 44)}`;
    expect(text).toHaveLength(SHARED_MILESTONE_TEXT_MAX);
    const { user, milestoneId } = await memberSharing({ milestoneText: text, challengeTitle: "Run Mr. Smith's loop" });
    const response = await share(user, milestoneId);
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as { post: FeedPost };
    expect(post).toMatchObject({ milestoneText: text, challengeTitle: "Run Mr. Smith's loop", text: "Done." });
    expect(await stored(user)).toHaveLength(1);
  });
});
