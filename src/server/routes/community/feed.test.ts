import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  communityBlocks,
  communityCheers,
  communityComments,
  communityMembers,
  communityPosts,
  communityReports,
  milestones,
  proofs,
  runValidations,
  userBadges,
} from "#server/db/schema.ts";
import { admitNext, announceAdmission } from "#server/services/community/admission.ts";
import type { CommentsPage, FeedPage, FeedPost } from "#shared/community/contracts.ts";
import { communityTextMessages } from "#shared/community/post-text.ts";
import { COMMENTS_PAGE_SIZE, COMMUNITY_DAILY_LIMITS, FEED_PAGE_SIZE, feedMessages } from "#shared/community/rules.ts";
import { addDays } from "#shared/time.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

// Over 400 lines and one job: the feed once it opens, whose posts, cheers, comments, reports and blocks are read by
// each other's tests.

describe("the community feed once it opens (issue 40)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A man on the waitlist (joined through the API, as the form does), not yet admitted. */
  async function waiting(firstName: string) {
    const user = await t.createUser({ firstName });
    expect((await user.api.community.waitlist.$post({ json: { name: firstName } })).status).toBe(201);
    return user;
  }

  /** A member with a plan whose first milestone he completed. */
  async function memberWithWin(firstName: string) {
    const { user, plan } = await t.userWithPlan({ firstName });
    expect((await user.api.community.waitlist.$post({ json: { name: firstName } })).status).toBe(201);
    await t.db.insert(communityMembers).values({ userId: user.id, admittedAt: new Date(), admittedBy: "test" });
    const challenge = plan.challenges[0]!;
    const milestone = challenge.milestones[0]!;
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date("2026-11-20T18:30:00Z") })
      .where(eq(milestones.id, milestone.id));
    return { user, challenge, milestone, plan };
  }

  const feed = async (user: TestUser, cursor?: string) =>
    (await (await user.api.community.feed.$get({ query: cursor ? { cursor } : {} })).json()) as FeedPage;
  const share = (user: TestUser, milestoneId: string, text?: string) =>
    user.api.community.posts.$post({
      json: { kind: "milestone", milestoneId, ...(text === undefined ? {} : { text }) },
    });
  const shared = async (user: TestUser, milestoneId: string, text?: string) => {
    const response = await share(user, milestoneId, text);
    expect(response.status).toBe(201);
    return ((await response.json()) as { post: FeedPost }).post;
  };

  it("a man not yet admitted gets 403 from every feed endpoint, and his page still shows the waitlist", async () => {
    const dev = await waiting("Dev");
    const { user: member, milestone } = await memberWithWin("Marcus");
    const post = await shared(member, milestone.id);
    const id = post.id;
    const refused = [
      await dev.api.community.feed.$get({ query: {} }),
      await share(dev, milestone.id),
      await dev.api.community.posts[":id"].cheer.$put({ param: { id } }),
      await dev.api.community.posts[":id"].cheer.$delete({ param: { id } }),
      await dev.api.community.posts[":id"].comments.$get({ param: { id }, query: {} }),
      await dev.api.community.posts[":id"].comments.$post({ param: { id }, json: { text: "Nice" } }),
      await dev.api.community.posts[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
      await dev.api.community.comments[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
      await dev.api.community.posts[":id"]["block-author"].$put({ param: { id } }),
      await dev.api.community.blocks.$get(),
      await dev.api.community.blocks[":id"].$delete({ param: { id: member.id } }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: feedMessages.notAdmitted });
    }
    expect(await (await dev.api.community.$get()).json()).toMatchObject({ admitted: false, signup: { name: "Dev" } });
    expect(await (await member.api.community.$get()).json()).toMatchObject({ admitted: true });
    // Nothing he tried reached the feed.
    expect(await t.db.select().from(communityCheers).where(eq(communityCheers.postId, id))).toEqual([]);
    expect(await t.db.select().from(communityComments).where(eq(communityComments.postId, id))).toEqual([]);
  });

  it("admits the waitlist in its order, N at a time, each once, and e-mails each a link to the feed", async () => {
    // A database of its own: positions start at 1.
    const own = await createTestApp();
    try {
      const men = [];
      for (const name of ["Ali", "Ben", "Carl"]) {
        const user = await own.createUser({ firstName: name });
        await user.api.community.waitlist.$post({ json: { name } });
        men.push(user);
      }
      const first = await admitNext(own.db, 2, "command");
      expect(first.map((m) => [m.firstName, m.position])).toEqual([
        ["Ali", 1],
        ["Ben", 2],
      ]);
      // Two operators at once let in the next ones, never the same one twice.
      const [a, b] = await Promise.all([admitNext(own.db, 5, "command"), admitNext(own.db, 5, "command")]);
      expect([...a, ...b].map((m) => m.firstName)).toEqual(["Carl"]);
      expect(await admitNext(own.db, 5, "command")).toEqual([]);
      expect(await own.db.select().from(communityMembers)).toHaveLength(3);

      const { failed } = await announceAdmission(own.deps, first);
      expect(failed).toEqual([]);
      const mail = await own.smtp.waitFor(men[0]!.email, { subject: /community/ });
      expect(mail.text).toContain("You joined the waitlist as #1");
      expect(mail.links).toContain("http://localhost:3000/dashboard/community");
      expect(await (await men[1]!.api.community.feed.$get({ query: {} })).json()).toEqual({
        posts: [],
        nextCursor: null,
        hidden: 0,
      });
    } finally {
      await own.close();
    }
  });

  it("shares a completed milestone once: his first name, the challenge, the milestone and the day, nothing else", async () => {
    const { user, challenge, milestone, plan } = await memberWithWin("Marcus");
    const post = await shared(user, milestone.id, "  Legs were shaking.  ");
    expect(post).toMatchObject({
      author: { firstName: "Marcus" },
      kind: "milestone",
      challengeTitle: challenge.title,
      milestoneText: milestone.milestoneDescription,
      achievedOn: "2026-11-20",
      text: "Legs were shaking.",
      proof: null,
      cheers: 0,
      comments: 0,
      mine: true,
    });
    expect(Object.keys(post.author)).toEqual(["firstName", "badges"]);
    expect(JSON.stringify(post)).not.toContain(user.email);

    const again = await share(user, milestone.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: feedMessages.alreadyShared });

    const open = plan.challenges[0]!.milestones[1]!;
    const notDone = await share(user, open.id);
    expect(notDone.status).toBe(400);
    expect(await notDone.json()).toEqual({ error: feedMessages.milestoneNotCompleted });

    const { user: other } = await memberWithWin("Dev");
    const notHis = await share(other, milestone.id);
    expect(notHis.status).toBe(404);
    expect(await notHis.json()).toEqual({ error: feedMessages.milestoneNotFound });

    const link = await share(user, plan.challenges[1]!.milestones[0]!.id, "Coaching at fitpro.xyz/deal");
    expect(link.status).toBe(400);
    expect(await t.db.select().from(communityPosts).where(eq(communityPosts.userId, user.id))).toHaveLength(1);
  });

  it("issue 55: a win shows the time he took back this week only when he chose it, worked out from his own check-ins", async () => {
    const { user, plan } = await memberWithWin("Marcus");
    const { today } = await (await user.api.dashboard.$get()).json();
    const checkIn = (day: string, minutes: number) =>
      user.api["screen-time"].days[":day"].$put({ param: { day }, json: { minutes, period: "day", source: "typed" } });
    await checkIn(addDays(today, -20), 360);
    await checkIn(addDays(today, -1), 280);
    const [first, second] = plan.challenges[0]!.milestones;
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date("2026-11-21T18:30:00Z") })
      .where(eq(milestones.id, second!.id));

    const withIt = await user.api.community.posts.$post({
      json: { kind: "milestone", milestoneId: first!.id, withScreenTime: true },
    });
    // (360 − 280) a day, seven days.
    expect(((await withIt.json()) as { post: FeedPost }).post.tookBackMinutes).toBe(560);
    expect((await shared(user, second!.id)).tookBackMinutes).toBeNull();

    // Nothing taken back: nothing shown, even when asked for.
    const { user: dev, milestone } = await memberWithWin("Dev");
    await dev.api["screen-time"].days[":day"].$put({
      param: { day: addDays(today, -9) },
      json: { minutes: 200, period: "day", source: "typed" },
    });
    await dev.api["screen-time"].days[":day"].$put({
      param: { day: today },
      json: { minutes: 260, period: "day", source: "typed" },
    });
    const none = await dev.api.community.posts.$post({
      json: { kind: "milestone", milestoneId: milestone.id, withScreenTime: true },
    });
    expect(((await none.json()) as { post: FeedPost }).post.tookBackMinutes).toBeNull();
  });

  it("issue 53 row 2: a post of a run he typed says it is self-reported to everyone who sees it; a run a file proved does not", async () => {
    const { user: sam } = await memberWithWin("Sam");
    const { user: dev } = await memberWithWin("Dev");
    for (const man of [sam, dev]) await t.db.delete(runValidations).where(eq(runValidations.userId, man.id));
    await t.db.insert(runValidations).values({ userId: sam.id, todayDuration: 52, notes: "Typed it in." });
    const [proved] = await t.db
      .insert(runValidations)
      .values({ userId: dev.id, todayDuration: 58, notes: "From my watch." })
      .returning();
    await t.db.insert(proofs).values({
      userId: dev.id,
      runValidationId: proved!.id,
      kind: "activity",
      activity: {
        format: "gpx",
        startedAt: "2026-11-20T07:00:00.000Z",
        distanceMeters: 8700,
        movingSeconds: 3500,
        elapsedSeconds: 3600,
        paceSecondsPerKm: 402,
        route: [],
      },
    });

    const typed = await sam.api.community.posts.$post({ json: { kind: "run" } });
    expect(((await typed.json()) as { post: FeedPost }).post).toMatchObject({ kind: "run", selfReported: true });
    // Proved by his file, even when he chose not to show it.
    const filed = await dev.api.community.posts.$post({ json: { kind: "run", withProof: false } });
    expect(((await filed.json()) as { post: FeedPost }).post).toMatchObject({ kind: "run", selfReported: false });

    const seen = (await feed(dev)).posts.filter((p) => p.kind === "run");
    expect(seen.find((p) => p.author.firstName === "Sam")?.selfReported).toBe(true);
    expect(seen.find((p) => p.author.firstName === "Dev")?.selfReported).toBe(false);
  });

  it("shares his validated run with its minutes; only once, and only once it is validated", async () => {
    const { user } = await memberWithWin("Sam");
    await t.db.delete(runValidations).where(eq(runValidations.userId, user.id));
    const before = await user.api.community.posts.$post({ json: { kind: "run" } });
    expect(before.status).toBe(400);
    expect(await before.json()).toEqual({ error: feedMessages.runNotValidated });

    await t.db.insert(runValidations).values({ userId: user.id, todayDuration: 42, notes: "Longest ever." });
    const response = await user.api.community.posts.$post({ json: { kind: "run", text: "Never stopped." } });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as { post: FeedPost };
    expect(post).toMatchObject({
      kind: "run",
      challengeTitle: "Run longer than ever before",
      milestoneText: "Ran 42 minutes, phone in airplane mode.",
      text: "Never stopped.",
    });
    expect(JSON.stringify(post)).not.toContain("Longest ever.");
    expect((await user.api.community.posts.$post({ json: { kind: "run" } })).status).toBe(409);
  });

  it("issue 53 row 4: a shared proof shows its photo to members who see the post and nobody else; a run its route, distance and pace", async () => {
    const { user: marcus, milestone } = await memberWithWin("Marcus");
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#4ade80" } })
      .jpeg()
      .toBuffer();
    const uploaded = await marcus.api.milestones[":id"].proof.$post({
      param: { id: milestone.id },
      form: { file: new File([jpeg], "finish.jpg") },
    });
    expect(uploaded.status).toBe(201);
    const { proof } = await uploaded.json();
    const photoPost = (
      (await (
        await marcus.api.community.posts.$post({
          json: { kind: "milestone", milestoneId: milestone.id, withProof: true },
        })
      ).json()) as { post: FeedPost }
    ).post;
    const url = `/api/community/posts/${photoPost.id}/photo`;
    const { user: dev } = await memberWithWin("Dev");
    const seen = (await feed(dev)).posts.find((p) => p.id === photoPost.id);
    expect(seen?.proof).toEqual({ kind: "photo", photo: { width: 320, height: 240, url } });

    // Dev, a member who sees the post, loads the photo; the owner's own address stays his alone.
    const served = await dev.api.community.posts[":id"].photo.$get({ param: { id: photoPost.id } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("private, max-age=86400");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    expect((await dev.api.proofs[":id"].photo.$get({ param: { id: proof.id } })).status).toBe(404);

    // Nobody else: a man not let in, no session, a member who blocked Marcus.
    const waitingMan = await waiting("Sam");
    const refused = await waitingMan.api.community.posts[":id"].photo.$get({ param: { id: photoPost.id } });
    expect(refused.status).toBe(403);
    expect((await t.request(url)).status).toBe(401);
    const { user: ben } = await memberWithWin("Ben");
    expect((await ben.api.community.posts[":id"].photo.$get({ param: { id: photoPost.id } })).status).toBe(200);
    await ben.api.community.posts[":id"]["block-author"].$put({ param: { id: photoPost.id } });
    const blocked = await ben.api.community.posts[":id"].photo.$get({ param: { id: photoPost.id } });
    expect(blocked.status).toBe(404);
    expect(await blocked.json()).toEqual({ error: feedMessages.postNotFound });

    // A run shared with its file: the figures and the route's shape, not when or where it started.
    const [run] = await t.db
      .insert(runValidations)
      .values({ userId: dev.id, todayDuration: 80, notes: "" })
      .onConflictDoUpdate({ target: runValidations.userId, set: { todayDuration: 80 } })
      .returning();
    const activity = {
      format: "gpx" as const,
      startedAt: "2026-11-20T06:10:00.000Z",
      distanceMeters: 14_100,
      movingSeconds: 4_800,
      elapsedSeconds: 4_900,
      paceSecondsPerKm: 340,
      route: [
        [0, 0],
        [900, 400],
        [1_800, 0],
      ] as [number, number][],
    };
    await t.db.insert(proofs).values({ userId: dev.id, runValidationId: run!.id, kind: "activity", activity });
    const runPost = (
      (await (await dev.api.community.posts.$post({ json: { kind: "run", withProof: true } })).json()) as {
        post: FeedPost;
      }
    ).post;
    const runSeen = (await feed(marcus)).posts.find((p) => p.id === runPost.id);
    expect(runSeen?.proof).toEqual({
      kind: "activity",
      activity: {
        format: "gpx",
        distanceMeters: 14_100,
        movingSeconds: 4_800,
        paceSecondsPerKm: 340,
        route: activity.route,
      },
    });
    expect(JSON.stringify(runSeen)).not.toContain("2026-11-20T06:10");
    // A run post has no photo to serve.
    expect((await marcus.api.community.posts[":id"].photo.$get({ param: { id: runPost.id } })).status).toBe(404);
  });

  it("counts one cheer per member; he cannot cheer his own, and can take his back", async () => {
    const { user: author, milestone } = await memberWithWin("Marcus");
    const { user: fan } = await memberWithWin("Dev");
    const { id } = await shared(author, milestone.id);
    const cheer = () => fan.api.community.posts[":id"].cheer.$put({ param: { id } });
    const answers = await Promise.all([cheer(), cheer(), cheer()]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await (await cheer()).json()).toEqual({ cheers: 1, cheeredByMe: true });
    expect((await feed(author)).posts.find((p) => p.id === id)).toMatchObject({ cheers: 1, cheeredByMe: false });

    const own = await author.api.community.posts[":id"].cheer.$put({ param: { id } });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({ error: feedMessages.ownCheer });

    const back = await fan.api.community.posts[":id"].cheer.$delete({ param: { id } });
    expect(await back.json()).toEqual({ cheers: 0, cheeredByMe: false });
    const unknown = await fan.api.community.posts[":id"].cheer.$put({ param: { id: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
  });

  it("lists comments oldest first with their first names, and refuses links and slurs with a message", async () => {
    const { user: author, milestone } = await memberWithWin("Marcus");
    const { user: fan } = await memberWithWin("Dev");
    const { id } = await shared(author, milestone.id);
    const write = (user: TestUser, text: string) =>
      user.api.community.posts[":id"].comments.$post({ param: { id }, json: { text } });
    expect((await write(fan, " Proud of you, man. ")).status).toBe(201);
    expect((await write(author, "Thanks, brother.")).status).toBe(201);

    const link = await write(fan, "Check www.cheap-pills.example");
    expect(link.status).toBe(400);
    expect(JSON.stringify(await link.json())).toContain(communityTextMessages.link);
    const slur = await write(fan, "You r3tard");
    expect(slur.status).toBe(400);
    expect(JSON.stringify(await slur.json())).toContain(communityTextMessages.slur);
    const blank = await write(fan, "   ");
    expect(blank.status).toBe(400);

    const { comments } = await (
      await author.api.community.posts[":id"].comments.$get({ param: { id }, query: {} })
    ).json();
    expect(comments.map((c) => [c.author.firstName, c.text, c.mine])).toEqual([
      ["Dev", "Proud of you, man.", false],
      ["Marcus", "Thanks, brother.", true],
    ]);
    expect((await feed(fan)).posts.find((p) => p.id === id)?.comments).toBe(2);
  });

  it("issue 57 row 2: pages a post's comments oldest first by cursor, so the 51st shows; what he hid stays out", async () => {
    const { user: author, milestone } = await memberWithWin("Author");
    const { user: reader } = await memberWithWin("Reader");
    const { user: loud } = await memberWithWin("Loud");
    const { id } = await shared(author, milestone.id);
    await t.db.insert(communityBlocks).values({ blockerId: reader.id, blockedId: loud.id });
    // Written before today, by SQL (a member may write 50 a day): 50 that Reader sees, 5 by Loud, whom he blocked,
    // and one he reported; those 6 must take no place on either page.
    const start = Date.parse("2026-11-01T00:00:00Z");
    const rows = Array.from({ length: 56 }, (_, i) => ({
      postId: id,
      userId: i % 11 === 5 ? loud.id : i % 2 ? author.id : reader.id,
      text: `Comment ${i}`,
      // Two at the very same moment: the id orders them.
      createdAt: new Date(start + Math.min(i, 54) * 60_000),
    }));
    const inserted = await t.db.insert(communityComments).values(rows).returning({ id: communityComments.id });
    const reported = inserted[21]!.id;
    await t.db.insert(communityReports).values({ reporterId: reader.id, commentId: reported, reason: "spam" });
    // Moments finer than the millisecond a cursor carries, as rows written by SQL hold them.
    await t.db
      .update(communityComments)
      .set({ createdAt: sql`${communityComments.createdAt} + interval '123 microseconds'` })
      .where(eq(communityComments.postId, id));
    const hidden = new Set([reported, ...inserted.filter((_, i) => rows[i]!.userId === loud.id).map((r) => r.id)]);
    expect(inserted.length - hidden.size).toBe(COMMENTS_PAGE_SIZE);
    // The 51st, written today: answered 201 and, before issue 57, never shown.
    const written = await author.api.community.posts[":id"].comments.$post({ param: { id }, json: { text: "51st" } });
    expect(written.status).toBe(201);

    const comments = async (cursor?: string) => {
      const response = await reader.api.community.posts[":id"].comments.$get({
        param: { id },
        query: cursor === undefined ? {} : { cursor },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as CommentsPage;
    };
    const first = await comments();
    expect(first.comments).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await comments(first.nextCursor!);
    expect(second.comments.map((c) => c.text)).toEqual(["51st"]);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.comments, ...second.comments];
    expect(seen.map((c) => c.id).filter((c) => hidden.has(c))).toEqual([]);
    expect(new Set(seen.map((c) => c.id)).size).toBe(COMMENTS_PAGE_SIZE + 1);
    const oldestFirst = rows
      .map((row, i) => ({ ...row, id: inserted[i]!.id }))
      .filter((row) => !hidden.has(row.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(seen.map((c) => c.text)).toEqual([...oldestFirst.map((row) => row.text), "51st"]);
    expect((await feed(reader)).posts.find((p) => p.id === id)?.comments).toBe(COMMENTS_PAGE_SIZE + 1);

    // A cursor this server did not write reads as the first page; one no server could write is refused.
    expect(await comments("not-a-cursor")).toEqual(first);
    const forged = Buffer.from(JSON.stringify({ at: "tomorrow", id: "x" })).toString("base64url");
    expect(await comments(forged)).toEqual(first);
    const bad = await reader.api.community.posts[":id"].comments.$get({ param: { id }, query: { cursor: "<script>" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: feedMessages.badCursor });
  });

  it("shows each author's badges beside his posts, in display order", async () => {
    const { user: marcus, milestone } = await memberWithWin("Marcus");
    const { user: dev, milestone: devMilestone } = await memberWithWin("Dev");
    const { user: sam, milestone: samMilestone } = await memberWithWin("Sam");
    // Awarded when he looks at them (decision 0134); Sam has not looked yet, so he holds none.
    await t.db.insert(userBadges).values([
      { userId: marcus.id, badgeId: "five-milestones", earnedAt: new Date() },
      { userId: marcus.id, badgeId: "first-run", earnedAt: new Date() },
    ]);
    expect((await dev.api.me.badges.$get()).status).toBe(200);
    const post = await shared(marcus, milestone.id);
    expect(post.author.badges).toEqual(["first-run", "five-milestones"]);
    await shared(dev, devMilestone.id);
    await shared(sam, samMilestone.id);

    const page = await feed(marcus);
    const badgesOf = (firstName: string) => page.posts.find((p) => p.author.firstName === firstName)?.author.badges;
    expect(badgesOf("Marcus")).toEqual(["first-run", "five-milestones"]);
    expect(badgesOf("Dev")).toEqual(["first-milestone"]);
    expect(badgesOf("Sam")).toEqual([]);
  });

  it("pages the feed newest first by cursor: nothing skipped or repeated while others post", async () => {
    const own = await createTestApp();
    try {
      const user = await own.createUser({ firstName: "Reader" });
      await own.db.insert(communityMembers).values({ userId: user.id, admittedAt: new Date(), admittedBy: "test" });
      const start = Date.parse("2026-11-01T00:00:00Z");
      // 45 posts, two of them at the very same moment (the id orders them).
      await own.db.insert(communityPosts).values(
        Array.from({ length: 45 }, (_, i) => ({
          userId: user.id,
          kind: "milestone" as const,
          challengeTitle: `Challenge ${i}`,
          achievedOn: "2026-11-01",
          createdAt: new Date(start + Math.min(i, 44 - 1) * 60_000),
        })),
      );
      const first = await feed(user);
      expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
      expect(first.posts[0]?.challengeTitle).toMatch(/Challenge 4[34]/);
      // Someone posts between his pages: the next page still follows on from the one he has.
      await own.db.insert(communityPosts).values({
        userId: user.id,
        kind: "milestone",
        challengeTitle: "Newest",
        achievedOn: "2026-11-02",
        createdAt: new Date(start + 100 * 60_000),
      });
      const second = await feed(user, first.nextCursor!);
      const third = await feed(user, second.nextCursor!);
      expect(third.nextCursor).toBeNull();
      const seen = [...first.posts, ...second.posts, ...third.posts].map((p) => p.challengeTitle);
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      const times = [...first.posts, ...second.posts, ...third.posts].map((p) => p.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      // A cursor this server did not write is the first page, not an error.
      expect((await feed(user, "not-a-cursor")).posts[0]?.challengeTitle).toBe("Newest");
    } finally {
      await own.close();
    }
  });

  it("limits posts and comments per member and day: the next is 429 and nothing is stored", async () => {
    const { user, plan } = await memberWithWin("Busy");
    const { user: author, milestone } = await memberWithWin("Author");
    const { id } = await shared(author, milestone.id);
    const now = Date.now();
    await t.db.insert(communityPosts).values(
      Array.from({ length: COMMUNITY_DAILY_LIMITS.post }, (_, i) => ({
        userId: user.id,
        kind: "milestone" as const,
        achievedOn: "2026-11-01",
        createdAt: new Date(now - (i + 1) * 60_000),
      })),
    );
    const over = await share(user, plan.challenges[0]!.milestones[0]!.id);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: feedMessages.dailyLimit });

    await t.db
      .insert(communityComments)
      .values(
        Array.from({ length: COMMUNITY_DAILY_LIMITS.comment }, () => ({ postId: id, userId: user.id, text: "Go" })),
      );
    const comment = await user.api.community.posts[":id"].comments.$post({ param: { id }, json: { text: "One more" } });
    expect(comment.status).toBe(429);
    const stored = await t.db.select().from(communityComments).where(eq(communityComments.userId, user.id));
    expect(stored).toHaveLength(COMMUNITY_DAILY_LIMITS.comment);
  });

  it("deleting an account leaves none of his posts, comments or cheers", async () => {
    const { user: leaver, milestone } = await memberWithWin("Leaver");
    const { user: stayer, milestone: stayerMilestone } = await memberWithWin("Stayer");
    const { id: hisPost } = await shared(leaver, milestone.id);
    const { id: otherPost } = await shared(stayer, stayerMilestone.id);
    await stayer.api.community.posts[":id"].comments.$post({ param: { id: hisPost }, json: { text: "Strong." } });
    await leaver.api.community.posts[":id"].cheer.$put({ param: { id: otherPost } });
    await leaver.api.community.posts[":id"].comments.$post({ param: { id: otherPost }, json: { text: "Well done." } });
    await stayer.api.community.posts[":id"].report.$post({ param: { id: hisPost }, json: { reason: "spam" } });
    await leaver.api.community.posts[":id"]["block-author"].$put({ param: { id: otherPost } });

    const deleted = await t.request("/api/me/delete", { cookie: leaver.cookie, body: { password: leaver.password } });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(communityPosts).where(eq(communityPosts.userId, leaver.id))).toEqual([]);
    expect(await t.db.select().from(communityComments).where(eq(communityComments.userId, leaver.id))).toEqual([]);
    expect(await t.db.select().from(communityCheers).where(eq(communityCheers.userId, leaver.id))).toEqual([]);
    expect(await t.db.select().from(communityBlocks).where(eq(communityBlocks.blockerId, leaver.id))).toEqual([]);
    // The report about his post went with the post.
    expect(await t.db.select().from(communityReports).where(eq(communityReports.postId, hisPost))).toEqual([]);
    // The comment another man wrote under his post went with the post.
    expect(
      await t.db
        .select()
        .from(communityComments)
        .where(inArray(communityComments.postId, [hisPost])),
    ).toEqual([]);
    const post = (await feed(stayer)).posts.find((p) => p.id === otherPost);
    expect(post).toMatchObject({ cheers: 0, comments: 0 });
  });

  it("a report hides the post or comment for the reporter at once, not for others, and waits in the queue", async () => {
    const { user: author, milestone } = await memberWithWin("Author");
    const { user: reporter } = await memberWithWin("Reporter");
    const { user: bystander } = await memberWithWin("Bystander");
    const { id } = await shared(author, milestone.id);
    const commented = await bystander.api.community.posts[":id"].comments.$post({
      param: { id },
      json: { text: "Buy my course" },
    });
    const { comment } = (await commented.json()) as { comment: { id: string } };

    const reportComment = () =>
      reporter.api.community.comments[":id"].report.$post({ param: { id: comment.id }, json: { reason: "spam" } });
    expect((await reportComment()).status).toBe(201);
    expect((await reportComment()).status).toBe(201);
    const seen = await reporter.api.community.posts[":id"].comments.$get({ param: { id }, query: {} });
    expect((await seen.json()).comments).toEqual([]);
    expect((await feed(reporter)).posts.find((p) => p.id === id)?.comments).toBe(0);
    expect((await feed(author)).posts.find((p) => p.id === id)?.comments).toBe(1);

    const reported = await reporter.api.community.posts[":id"].report.$post({
      param: { id },
      json: { reason: "harassment", note: "  He mocks people in the comments.  " },
    });
    expect(reported.status).toBe(201);
    expect((await feed(reporter)).posts.some((p) => p.id === id)).toBe(false);
    expect((await feed(bystander)).posts.some((p) => p.id === id)).toBe(true);
    // Hidden for him everywhere: cheering or commenting it answers as for a post that is not there.
    expect((await reporter.api.community.posts[":id"].cheer.$put({ param: { id } })).status).toBe(404);

    const queue = await t.db.select().from(communityReports).where(eq(communityReports.reporterId, reporter.id));
    expect(queue.map((r) => [r.reason, r.note, r.status, Boolean(r.postId), Boolean(r.commentId)])).toEqual(
      expect.arrayContaining([
        ["spam", "", "open", false, true],
        ["harassment", "He mocks people in the comments.", "open", true, false],
      ]),
    );
    expect(queue).toHaveLength(2);

    const own = await author.api.community.posts[":id"].report.$post({ param: { id }, json: { reason: "spam" } });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({ error: feedMessages.ownReport });
    const ownComment = await bystander.api.community.comments[":id"].report.$post({
      param: { id: comment.id },
      json: { reason: "spam" },
    });
    expect(ownComment.status).toBe(400);
    const noReason = await bystander.api.community.posts[":id"].report.$post({
      param: { id },
      json: { reason: "boring" as never },
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ error: feedMessages.reportReason });
    const gone = await reporter.api.community.comments[":id"].report.$post({
      param: { id: crypto.randomUUID() },
      json: { reason: "spam" },
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: feedMessages.commentNotFound });
  });

  it("limits reports per member and day", async () => {
    const { user: author, milestone } = await memberWithWin("Author");
    const { user } = await memberWithWin("Reporter");
    const { id } = await shared(author, milestone.id);
    const comments = await t.db
      .insert(communityComments)
      .values(
        Array.from({ length: COMMUNITY_DAILY_LIMITS.report + 1 }, () => ({ postId: id, userId: author.id, text: "x" })),
      )
      .returning({ id: communityComments.id });
    for (const { id: commentId } of comments.slice(0, COMMUNITY_DAILY_LIMITS.report)) {
      await t.db.insert(communityReports).values({ reporterId: user.id, commentId, reason: "spam" });
    }
    const over = await user.api.community.comments[":id"].report.$post({
      param: { id: comments.at(-1)!.id },
      json: { reason: "spam" },
    });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: feedMessages.dailyLimit });
    const overPost = await user.api.community.posts[":id"].report.$post({ param: { id }, json: { reason: "spam" } });
    expect(overPost.status).toBe(429);
    expect(await t.db.select().from(communityReports).where(eq(communityReports.reporterId, user.id))).toHaveLength(
      COMMUNITY_DAILY_LIMITS.report,
    );
  });

  it("a blocked member's posts and comments are gone for the blocker until he unblocks him", async () => {
    const { user: loud, milestone } = await memberWithWin("Loud");
    const { user: quiet, milestone: quietMilestone } = await memberWithWin("Quiet");
    const { id: loudPost } = await shared(loud, milestone.id);
    const { id: quietPost } = await shared(quiet, quietMilestone.id);
    await loud.api.community.posts[":id"].comments.$post({ param: { id: quietPost }, json: { text: "Meh." } });

    const blocked = await quiet.api.community.posts[":id"]["block-author"].$put({ param: { id: loudPost } });
    expect(blocked.status).toBe(200);
    const ids = (await feed(quiet)).posts.map((p) => p.id);
    expect(ids).toContain(quietPost);
    expect(ids).not.toContain(loudPost);
    expect(
      (await (await quiet.api.community.posts[":id"].comments.$get({ param: { id: quietPost }, query: {} })).json())
        .comments,
    ).toEqual([]);
    // The blocked man sees as before.
    expect((await feed(loud)).posts.map((p) => p.id)).toEqual(expect.arrayContaining([loudPost, quietPost]));

    const list = await (await quiet.api.community.blocks.$get()).json();
    expect(list.blocks).toEqual([{ id: expect.any(String), firstName: "Loud", since: expect.any(String) }]);
    const self = await quiet.api.community.posts[":id"]["block-author"].$put({ param: { id: quietPost } });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: feedMessages.ownBlock });

    const after = await quiet.api.community.blocks[":id"].$delete({ param: { id: list.blocks[0]!.id } });
    expect(await after.json()).toEqual({ blocks: [] });
    expect((await feed(quiet)).posts.map((p) => p.id)).toContain(loudPost);

    // His export holds whom he blocked, never who blocked him.
    await quiet.api.community.posts[":id"]["block-author"].$put({ param: { id: loudPost } });
    const exported = JSON.stringify(await (await loud.api.me.data.$get()).json());
    expect(exported).not.toContain(quiet.id);
  });

  it("issue 53 row 5: the feed counts the posts he hid, reported or by a member he blocked, not those removed for all", async () => {
    const { user: loud, milestone, plan } = await memberWithWin("Loud");
    const { user: dev } = await memberWithWin("Dev");
    const first = await shared(loud, milestone.id);
    expect((await feed(dev)).hidden).toBe(0);

    await dev.api.community.posts[":id"].report.$post({ param: { id: first.id }, json: { reason: "spam" } });
    const afterReport = await feed(dev);
    expect(afterReport.posts.map((p) => p.id)).not.toContain(first.id);
    expect(afterReport.hidden).toBe(1);

    // A second post of Loud's, then the block: both his posts are hidden for Dev, each counted once.
    const second = plan.challenges[0]!.milestones[1]!;
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date("2026-11-21T18:30:00Z") })
      .where(eq(milestones.id, second.id));
    const secondPost = await shared(loud, second.id);
    await dev.api.community.posts[":id"]["block-author"].$put({ param: { id: secondPost.id } });
    expect((await feed(dev)).hidden).toBe(2);
    // Others hid nothing; the author himself sees his posts.
    expect((await feed(loud)).hidden).toBe(0);

    // Removed by the operator: gone for everyone, no longer his to unhide.
    await t.db.update(communityPosts).set({ removedAt: new Date() }).where(eq(communityPosts.id, first.id));
    expect((await feed(dev)).hidden).toBe(1);
  });

  it("answers 401 to every feed endpoint without a session, 404 for a post that is not there, 400 for a bad page link", async () => {
    const id = crypto.randomUUID();
    const signedOut = [
      await t.api.community.feed.$get({ query: {} }),
      await t.api.community.posts.$post({ json: { kind: "run" } }),
      await t.api.community.posts[":id"].cheer.$put({ param: { id } }),
      await t.api.community.posts[":id"].cheer.$delete({ param: { id } }),
      await t.api.community.posts[":id"].comments.$get({ param: { id }, query: {} }),
      await t.api.community.posts[":id"].comments.$post({ param: { id }, json: { text: "Hi" } }),
      await t.api.community.posts[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
      await t.api.community.comments[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
      await t.api.community.posts[":id"]["block-author"].$put({ param: { id } }),
      await t.api.community.blocks.$get(),
      await t.api.community.blocks[":id"].$delete({ param: { id } }),
    ];
    for (const response of signedOut) expect(response.status).toBe(401);

    const { user } = await memberWithWin("Finder");
    const missing = [
      await user.api.community.posts[":id"].cheer.$delete({ param: { id } }),
      await user.api.community.posts[":id"].comments.$get({ param: { id }, query: {} }),
      await user.api.community.posts[":id"].comments.$post({ param: { id }, json: { text: "Hi" } }),
      await user.api.community.posts[":id"].comments.$get({ param: { id: "not-an-id" }, query: {} }),
      await user.api.community.posts[":id"].report.$post({ param: { id }, json: { reason: "spam" } }),
      await user.api.community.posts[":id"]["block-author"].$put({ param: { id } }),
    ];
    for (const response of missing) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: feedMessages.postNotFound });
    }
    const bad = await user.api.community.feed.$get({ query: { cursor: "<script>" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: feedMessages.badCursor });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
