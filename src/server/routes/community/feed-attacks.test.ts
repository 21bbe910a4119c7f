import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  communityBlocks,
  communityCheers,
  communityComments,
  communityMembers,
  communityPosts,
  communityReports,
  milestones,
} from "#server/db/schema.ts";
import type { FeedPage } from "#shared/community/contracts.ts";
import { COMMUNITY_DAILY_LIMITS, feedMessages } from "#shared/community/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { admittedMember, storedRunPost } from "#tests/support/community-members.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * What an outside attack on the feed found (issue 52, decision 0146): forged page cursors, daily limits passed by
 * requests in parallel, an author deleting his account under a cheer or comment, and the blocks list naming members'
 * internal ids. Each answers 4xx, never 5xx, on PGlite and on PostgreSQL.
 */
describe("the community feed under attack (issue 52)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = (firstName: string) => admittedMember(t, firstName);
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const feed = (user: TestUser, cursor: string) => user.api.community.feed.$get({ query: { cursor } });

  describe("issue 52 row 4: a forged feed cursor reads as the first page", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const forged: Record<string, unknown> = {
      "an id that passes [0-9a-f-]{36} but is no UUID": { at: "2026-01-01T00:00:00Z", id: "-".repeat(36) },
      "an id of 36 hex digits without dashes' places": { at: "2026-01-01T00:00:00Z", id: "0".repeat(36) },
      "the earliest moment JavaScript knows": { at: "-271821-04-20T00:00:00.000Z", id },
      "the latest moment JavaScript knows": { at: "+275760-09-13T00:00:00.000Z", id },
      "a five-digit year": { at: "+010000-01-01T00:00:00.000Z", id },
      "year 0": { at: "0000-01-01T00:00:00.000Z", id },
      "year 0 from an offset": { at: "0001-01-01T00:00:00.000+01:00", id },
      "a day that does not exist": { at: "2026-02-30T00:00:00.000Z", id },
      "a number for the moment": { at: 1e20, id },
      "a number for the id": { at: "2026-01-01T00:00:00.000Z", id: 7 },
      "an array": [],
      null: null,
    };

    it.each(Object.entries(forged))("%s", async (_, value) => {
      const reader = await member("Reader");
      await storedRunPost(t, reader, { createdAt: new Date("2026-11-30T00:00:00Z") });
      const response = await feed(reader, cursorOf(value));
      expect(response.status).toBe(200);
      const first = await (await reader.api.community.feed.$get({ query: {} })).json();
      expect(first.posts.length).toBeGreaterThan(0);
      expect(await response.json()).toEqual(first);
    });

    it("reads a cursor at either end of the years both databases take (0001 and 9999) as a cursor", async () => {
      const reader = await member("Reader");
      await storedRunPost(t, reader, { createdAt: new Date("2026-11-30T00:00:00Z") });
      const earliest = await feed(reader, cursorOf({ at: "0001-01-01T00:00:00.000Z", id }));
      expect(earliest.status).toBe(200);
      expect(((await earliest.json()) as FeedPage).posts).toEqual([]);
      const latest = await feed(reader, cursorOf({ at: "9999-12-31T23:59:59.999Z", id }));
      expect(latest.status).toBe(200);
      expect(((await latest.json()) as FeedPage).posts.length).toBeGreaterThan(0);
    });

    it("a forged moment for marking notifications read is refused with its message, not a 500", async () => {
      const reader = await member("Reader");
      for (const until of ["0000-01-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "+010000-01-01T00:00:00Z"]) {
        const response = await reader.api.community.notifications.read.$post({ json: { until } });
        expect(response.status, until).toBe(400);
      }
      const fine = await reader.api.community.notifications.read.$post({
        json: { until: "2026-11-30T12:00:00+01:00" },
      });
      expect(fine.status).toBe(200);
    });
  });

  describe("issue 52 row 5: the daily limits hold for requests in parallel", () => {
    it("60 comments at once store exactly 50; the other 10 are told the day's limit", async () => {
      const [author, busy] = [await member("Author"), await member("Busy")];
      const post = await storedRunPost(t, author);
      const answers = await Promise.all(
        Array.from({ length: COMMUNITY_DAILY_LIMITS.comment + 10 }, (_, i) =>
          busy.api.community.posts[":id"].comments.$post({ param: { id: post.id }, json: { text: `Go ${i}` } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(COMMUNITY_DAILY_LIMITS.comment);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => a.status)).toEqual(Array(10).fill(429));
      for (const answer of refused) expect(await answer.json()).toEqual({ error: feedMessages.dailyLimit });
      const stored = await t.db.select().from(communityComments).where(eq(communityComments.userId, busy.id));
      expect(stored).toHaveLength(COMMUNITY_DAILY_LIMITS.comment);
    });

    it("25 reports at once store exactly 20; the other 5 are told the day's limit", async () => {
      const [author, reporter] = [await member("Author"), await member("Reporter")];
      const post = await storedRunPost(t, author);
      const comments = await t.db
        .insert(communityComments)
        .values(
          Array.from({ length: COMMUNITY_DAILY_LIMITS.report + 5 }, () => ({
            postId: post.id,
            userId: author.id,
            text: "x",
          })),
        )
        .returning({ id: communityComments.id });
      const answers = await Promise.all(
        comments.map(({ id }) =>
          reporter.api.community.comments[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(COMMUNITY_DAILY_LIMITS.report);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => a.status)).toEqual(Array(5).fill(429));
      for (const answer of refused) expect(await answer.json()).toEqual({ error: feedMessages.dailyLimit });
      const stored = await t.db.select().from(communityReports).where(eq(communityReports.reporterId, reporter.id));
      expect(stored).toHaveLength(COMMUNITY_DAILY_LIMITS.report);
    });

    it("posts shared at once stop at the day's 10", async () => {
      const { user, plan } = await t.userWithPlan({ firstName: "Sharer" });
      await t.db.insert(communityMembers).values({ userId: user.id, admittedAt: new Date(), admittedBy: "test" });
      const wins = plan.challenges.flatMap((c) => c.milestones.map((m) => m.id));
      await t.db
        .update(milestones)
        .set({ milestoneCompleted: true, completedAt: new Date() })
        .where(eq(milestones.userId, user.id));
      // Already posted today: as many as leave room for 3 of his wins.
      const room = 3;
      expect(wins.length).toBeGreaterThan(room + 1);
      await t.db.insert(communityPosts).values(
        Array.from({ length: COMMUNITY_DAILY_LIMITS.post - room }, () => ({
          userId: user.id,
          kind: "milestone" as const,
          achievedOn: "2026-11-01",
        })),
      );
      const answers = await Promise.all(
        wins.map((milestoneId) => user.api.community.posts.$post({ json: { kind: "milestone", milestoneId } })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(room);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => a.status)).toEqual(Array(wins.length - room).fill(429));
      for (const answer of refused) expect(await answer.json()).toEqual({ error: feedMessages.dailyLimit });
      const stored = await t.db.select().from(communityPosts).where(eq(communityPosts.userId, user.id));
      expect(stored).toHaveLength(COMMUNITY_DAILY_LIMITS.post);
    });
  });

  describe("issue 52 row 8: the author deletes his account between the check and the insert", () => {
    /**
     * A trigger that deletes the post's author the moment a row naming `postId` is about to be written to `table`:
     * the route has found the post, and its insert then finds it gone, as when the author deleted his account between
     * the two. The deletion goes back with the insert it failed, so the author stays; what the test sees is the answer.
     */
    async function authorLeavesOnInsertInto(table: string, postOf: string) {
      const fn = `issue52_leave_${table}`;
      await t.db.execute(
        sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
          begin
            delete from users where id = (select user_id from community_posts where id = ${postOf});
            return new;
          end $$`),
      );
      await t.db.execute(sql.raw(`drop trigger if exists ${fn} on ${table}`));
      await t.db.execute(
        sql.raw(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`),
      );
      return async () => {
        await t.db.execute(sql.raw(`drop trigger ${fn} on ${table}`));
        await t.db.execute(sql.raw(`drop function ${fn}()`));
      };
    }

    it("a cheer answers 404, the post's not-found answer", async () => {
      const [author, fan] = [await member("Leaver"), await member("Fan")];
      const post = await storedRunPost(t, author);
      const undo = await authorLeavesOnInsertInto("community_cheers", "new.post_id");
      try {
        const response = await fan.api.community.posts[":id"].cheer.$put({ param: { id: post.id } });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: feedMessages.postNotFound });
      } finally {
        await undo();
      }
      expect(await t.db.select().from(communityCheers).where(eq(communityCheers.userId, fan.id))).toEqual([]);
    });

    it("a comment answers 404, the post's not-found answer", async () => {
      const [author, fan] = [await member("Leaver"), await member("Fan")];
      const post = await storedRunPost(t, author);
      const undo = await authorLeavesOnInsertInto("community_comments", "new.post_id");
      try {
        const response = await fan.api.community.posts[":id"].comments.$post({
          param: { id: post.id },
          json: { text: "Strong." },
        });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: feedMessages.postNotFound });
      } finally {
        await undo();
      }
    });

    it("a report of the post answers 404, the post's not-found answer", async () => {
      const [author, reporter] = [await member("Leaver"), await member("Reporter")];
      const post = await storedRunPost(t, author);
      const undo = await authorLeavesOnInsertInto("community_reports", "new.post_id");
      try {
        const response = await reporter.api.community.posts[":id"].report.$post({
          param: { id: post.id },
          json: { reason: "spam" },
        });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: feedMessages.postNotFound });
      } finally {
        await undo();
      }
    });

    it("a report of a comment under it answers 404, the comment's not-found answer", async () => {
      const [author, other, reporter] = [await member("Leaver"), await member("Other"), await member("Reporter")];
      const post = await storedRunPost(t, author);
      const [comment] = await t.db
        .insert(communityComments)
        .values({ postId: post.id, userId: other.id, text: "Buy my course" })
        .returning();
      const undo = await authorLeavesOnInsertInto(
        "community_reports",
        "(select post_id from community_comments where id = new.comment_id)",
      );
      try {
        const response = await reporter.api.community.comments[":id"].report.$post({
          param: { id: comment!.id },
          json: { reason: "spam" },
        });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: feedMessages.commentNotFound });
      } finally {
        await undo();
      }
    });
  });

  describe("issue 52 row 13: the blocks list names no member's internal id", () => {
    it("answers an id of the block, opaque and his own, which unblocks; the member's user id unblocks nothing", async () => {
      const [loud, quiet, calm] = [await member("Loud"), await member("Quiet"), await member("Calm")];
      const post = await storedRunPost(t, loud);
      for (const blocker of [quiet, calm]) {
        const blocked = await blocker.api.community.posts[":id"]["block-author"].$put({ param: { id: post.id } });
        expect(blocked.status).toBe(200);
      }
      const list = await quiet.api.community.blocks.$get();
      const text = await list.clone().text();
      expect(text).not.toContain(loud.id);
      const { blocks } = await list.json();
      expect(blocks).toEqual([{ id: expect.any(String), firstName: "Loud", since: expect.any(String) }]);
      const opaque = blocks[0]!.id;
      // Another blocker of the same man gets another id: the id tells nobody who the member is.
      const calmList = await (await calm.api.community.blocks.$get()).json();
      expect(calmList.blocks[0]?.id).not.toBe(opaque);
      // His id does nothing for another man, and the member's user id does nothing at all.
      expect(await (await calm.api.community.blocks[":id"].$delete({ param: { id: opaque } })).json()).toEqual({
        blocks: calmList.blocks,
      });
      const byUserId = await quiet.api.community.blocks[":id"].$delete({ param: { id: loud.id } });
      expect(byUserId.status).toBe(200);
      expect((await byUserId.json()).blocks).toHaveLength(1);

      const unblocked = await quiet.api.community.blocks[":id"].$delete({ param: { id: opaque } });
      expect(unblocked.status).toBe(200);
      expect(await unblocked.json()).toEqual({ blocks: [] });
      expect(await t.db.select().from(communityBlocks).where(eq(communityBlocks.blockerId, quiet.id))).toEqual([]);
      expect(await t.db.select().from(communityBlocks).where(eq(communityBlocks.blockerId, calm.id))).toHaveLength(1);
    });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
