import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityBlocks, communityComments, communityMembers, communityNotifications } from "#server/db/schema.ts";
import type { NotificationsAnswer } from "#shared/community/notifications.ts";
import { feedMessages, notificationSentence } from "#shared/community/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { admittedMember, storedRunPost, suspendedMember } from "#tests/support/community-members.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/** Notifications to the author of a post (issue 40, decision 0137): recorded, listed, read; his own only. */
describe("community notifications", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = (firstName: string) => admittedMember(t, firstName);
  const postOf = (user: TestUser, milestoneText?: string) => storedRunPost(t, user, { milestoneText });

  const listOf = async (user: TestUser) => {
    const response = await user.api.community.notifications.$get();
    expect(response.status).toBe(200);
    return (await response.json()) as NotificationsAnswer;
  };
  const cheer = (user: TestUser, id: string) => user.api.community.posts[":id"].cheer.$put({ param: { id } });
  const comment = async (user: TestUser, id: string, text: string) => {
    const response = await user.api.community.posts[":id"].comments.$post({ param: { id }, json: { text } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { comment: { id: string } }).comment;
  };

  it("tells the author when another member cheers or comments, never of his own; a cheer given again tells once", async () => {
    const [kai, marcus, tom] = [await member("Kai"), await member("Marcus"), await member("Tom")];
    const post = await postOf(kai);
    const id = post.id;

    expect((await cheer(marcus, id)).status).toBe(200);
    await marcus.api.community.posts[":id"].cheer.$delete({ param: { id } });
    expect((await cheer(marcus, id)).status).toBe(200);
    expect((await cheer(marcus, id)).status).toBe(200);
    await comment(
      tom,
      id,
      "Great job, that was a long one. Keep the pace and the next 10 km will come sooner than you think!",
    );
    // His own comment under his own post tells nobody.
    await comment(kai, id, "Thanks, men");

    const list = await listOf(kai);
    expect(list.unread).toBe(2);
    expect(list.notifications.map(notificationSentence)).toEqual([
      "Tom commented on “Run 5 km”: Great job, that was a long one. Keep the pace and the next 10 km will come…",
      "Marcus cheered your win “Run 5 km”",
    ]);
    expect(list.notifications[0]).toMatchObject({ kind: "comment", post: { id }, read: false });
    expect(list.notifications[1]).toMatchObject({ kind: "cheer", actor: { firstName: "Marcus" }, excerpt: null });
    // Nobody sees another's: the cheering and commenting members have none.
    expect(await listOf(marcus)).toEqual({ notifications: [], unread: 0 });
    expect(await listOf(tom)).toEqual({ notifications: [], unread: 0 });

    // A cheer taken back is no news any more; given again, the same one shows (never a second).
    await marcus.api.community.posts[":id"].cheer.$delete({ param: { id } });
    expect((await listOf(kai)).notifications.map((n) => n.kind)).toEqual(["comment"]);
    await cheer(marcus, id);
    expect((await listOf(kai)).unread).toBe(2);
    const rows = await t.db.select().from(communityNotifications).where(eq(communityNotifications.postId, id));
    expect(rows).toHaveLength(2);
  });

  it("tells him nothing of a member he blocked, nor of a comment removed or one he reported", async () => {
    const [ben, dirk, ede] = [await member("Ben"), await member("Dirk"), await member("Ede")];
    const post = await postOf(ben);
    const id = post.id;
    await comment(dirk, id, "Nice one");
    await t.db.insert(communityBlocks).values({ blockerId: ben.id, blockedId: dirk.id });
    // Dirk still sees Ben's post (a block hides only for the blocker): what he does now is not recorded...
    await cheer(dirk, id);
    await comment(dirk, id, "Again");
    expect(
      (await t.db.select().from(communityNotifications).where(eq(communityNotifications.actorId, dirk.id))).map(
        (n) => n.kind,
      ),
    ).toEqual(["comment"]);
    // ...and what he did before the block is gone from the list.
    expect(await listOf(ben)).toEqual({ notifications: [], unread: 0 });

    const removed = await comment(ede, id, "Spam spam");
    const reported = await comment(ede, id, "Rude words");
    expect((await listOf(ben)).unread).toBe(2);
    await t.db.update(communityComments).set({ removedAt: new Date() }).where(eq(communityComments.id, removed.id));
    const report = await ben.api.community.comments[":id"].report.$post({
      param: { id: reported.id },
      json: { reason: "harassment" },
    });
    expect(report.status).toBe(201);
    expect(await listOf(ben)).toEqual({ notifications: [], unread: 0 });
  });

  it("marks his notifications read, all or up to a moment, and no one else's", async () => {
    const [finn, gus, hal] = [await member("Finn"), await member("Gus"), await member("Hal")];
    const finnsPost = await postOf(finn);
    const halsPost = await postOf(hal, "Ride 40 km");
    await cheer(gus, finnsPost.id);
    await cheer(gus, halsPost.id);
    const [first] = (await listOf(finn)).notifications;
    // One more arrives after the list he looked at: marking up to the one he saw leaves it unread.
    await t.db
      .update(communityNotifications)
      .set({ createdAt: new Date(Date.parse(first!.createdAt) - 60_000) })
      .where(eq(communityNotifications.id, first!.id));
    await comment(gus, finnsPost.id, "Strong");
    const seen = (await listOf(finn)).notifications.at(-1)!;
    const marked = await finn.api.community.notifications.read.$post({ json: { until: seen.createdAt } });
    expect(marked.status).toBe(200);
    const after = (await marked.json()) as NotificationsAnswer;
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => [n.kind, n.read])).toEqual([
      ["comment", false],
      ["cheer", true],
    ]);
    expect((await (await finn.api.community.notifications.read.$post({ json: {} })).json()).unread).toBe(0);
    // Hal's are his: Finn marking all of his own read left Hal's alone.
    expect((await listOf(hal)).unread).toBe(1);

    const bad = await finn.api.community.notifications.read.$post({ json: { until: "yesterday" } });
    expect(bad.status).toBe(400);
  });

  it("keeps the daily digest switch, on until he turns it off", async () => {
    const ivo = await member("Ivo");
    expect(await (await ivo.api.community.digest.$get()).json()).toEqual({ digestEmails: true });
    const off = await ivo.api.community.digest.$put({ json: { digestEmails: false } });
    expect(await off.json()).toEqual({ digestEmails: false });
    const [row] = await t.db.select().from(communityMembers).where(eq(communityMembers.userId, ivo.id));
    expect(row!.digestOffAt).not.toBeNull();
    expect(await (await ivo.api.community.digest.$put({ json: { digestEmails: true } })).json()).toEqual({
      digestEmails: true,
    });
    expect((await ivo.api.community.digest.$put({ json: {} as never })).status).toBe(400);
  });

  it("issue 53 row 6: the menus' badge counts his unread news; 0 for a man not let in or suspended, 401 without a session", async () => {
    const [kai, marcus, tom] = [await member("Kai"), await member("Marcus"), await member("Tom")];
    const news = async (user: TestUser) => {
      const response = await user.api.community.news.$get();
      expect(response.status).toBe(200);
      return response.json();
    };
    const post = await postOf(kai);
    expect(await news(kai)).toEqual({ unread: 0 });
    await cheer(marcus, post.id);
    await comment(tom, post.id, "Strong.");
    expect(await news(kai)).toEqual({ unread: 2 });
    expect(await news(marcus)).toEqual({ unread: 0 });
    await kai.api.community.notifications.read.$post({ json: {} });
    expect(await news(kai)).toEqual({ unread: 0 });

    // Asked by every dashboard: no refusal for a man outside the feed, and nothing of what he may not see.
    expect(await news(await t.createUser({ firstName: "Jon" }))).toEqual({ unread: 0 });
    await cheer(tom, post.id);
    await suspendedMember(t, kai);
    expect(await news(kai)).toEqual({ unread: 0 });
    expect((await t.api.community.news.$get()).status).toBe(401);
  });

  it("answers 401 without a session, 403 before admission and when suspended", async () => {
    const signedOut = [
      await t.api.community.notifications.$get(),
      await t.api.community.notifications.read.$post({ json: {} }),
      await t.api.community.digest.$get(),
      await t.api.community.digest.$put({ json: { digestEmails: false } }),
    ];
    for (const response of signedOut) expect(response.status).toBe(401);

    const waiting = await t.createUser({ firstName: "Jon" });
    const suspended = await member("Karl");
    await suspendedMember(t, suspended);
    for (const user of [waiting, suspended]) {
      const refused = [
        await user.api.community.notifications.$get(),
        await user.api.community.notifications.read.$post({ json: {} }),
        await user.api.community.digest.$get(),
        await user.api.community.digest.$put({ json: { digestEmails: false } }),
      ];
      for (const response of refused) expect(response.status).toBe(403);
    }
    const answer = await (await waiting.api.community.notifications.$get()).json();
    expect(answer).toEqual({ error: feedMessages.notAdmitted });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
