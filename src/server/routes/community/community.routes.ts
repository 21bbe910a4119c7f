import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { membership } from "#server/services/community/admission.ts";
import { readDigestSetting, setDigest, turnOffDigest } from "#server/services/community/digest-settings.ts";
import {
  blockAuthor,
  cheerPost,
  readBlocks,
  readComments,
  readFeed,
  readPostPhoto,
  report,
  sharePost,
  takeBackCheer,
  unblock,
  writeComment,
} from "#server/services/community/feed.ts";
import { countUnread, markNotificationsRead, readNotifications } from "#server/services/community/notifications.ts";
import {
  communityOverview,
  joinWaitlist,
  readWaitlistSignup,
  requestCommunityNotice,
} from "#server/services/community/waitlist.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { readUnsubscribeToken } from "#server/services/reminders/unsubscribe-token.ts";
import { normalizeEmail } from "#shared/account/rules.ts";
import {
  blockedSchema,
  blocksAnswerSchema,
  cheerAnswerSchema,
  commentsAnswerSchema,
  commentWrittenSchema,
  communityOverviewSchema,
  feedCursorSchema,
  feedPageSchema,
  joinWaitlistSchema,
  notifyAnswerSchema,
  postSharedSchema,
  reportedSchema,
  reportSchema,
  sharePostSchema,
  waitlistAnswerSchema,
  writeCommentSchema,
} from "#shared/community/contracts.ts";
import {
  communityNewsSchema,
  digestSettingRequestSchema,
  digestSettingSchema,
  markReadSchema,
  NOTIFICATIONS_SHOWN,
  notificationsAnswerSchema,
} from "#shared/community/notifications.ts";
import { COMMENTS_PAGE_SIZE, reportReasonIds } from "#shared/community/rules.ts";
import { paths } from "#shared/paths.ts";
import { unsubscribeAnswerSchema, unsubscribeSchema } from "#shared/reminders/contracts.ts";

/** The waitlist answers a missing session with SPEC.md's own words: 'You must be logged in to join the waitlist'. */
const requireWaitlistUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user) throw new DomainError("community.loginRequired");
  await next();
});

/**
 * Only members read and write the feed (issue 40): everyone else, signed in, is told he is still on the waitlist (403),
 * whatever he asks for, so nothing of the feed is learnt before admission.
 */
const requireMember = createMiddleware<AuthedEnv>(async (c, next) => {
  const standing = await membership(c.var.deps.database.db, c.var.user.id);
  if (standing === "waiting") throw new DomainError("community.notAdmitted");
  // Suspended by the operator (decision 0136): nothing of the feed, read or written.
  if (standing === "suspended") throw new DomainError("community.suspended");
  await next();
});

/** What `requireMember` answers anyone it turns away: every member-only route documents both. */
const memberRefusals = ["community.notAdmitted", "community.suspended"] as const;

/**
 * A post's photo never changes under its post (a replaced proof leaves the post without one), but a removal or a
 * block should not leave it in his browser for long: a day, and only his (issue 53 row 4).
 */
const POST_PHOTO_CACHE = "private, max-age=86400";

const cheerDoc = {
  tag: "Community",
  ok: { 200: { description: "`{cheers, cheeredByMe}`", body: cheerAnswerSchema } },
} as const;

/**
 * The community: before it opens for him, the feed preview's numbers, 'Notify Me When Ready' and the waitlist; once
 * he is admitted, the feed, its posts, cheers and comments.
 */
export const communityRoutes = new Hono<AuthedEnv>()
  .get(
    "/",
    documented({
      tag: "Community",
      summary: "The feed preview's numbers and his place on the waitlist, in one request.",
      description: "`{membersWaiting, notifyRequested, signup \\| null}` — the feed preview in one request.",
      ok: {
        200: {
          description: "`CommunityOverview`: `{membersWaiting, notifyRequested, signup}`",
          body: communityOverviewSchema,
        },
      },
    }),
    requireUser,
    async (c) => {
      return c.json(await communityOverview(c.var.deps.database.db, c.var.user.id), 200);
    },
  )
  .post(
    "/notify",
    documented({
      tag: "Community",
      summary: "'Notify Me When Ready'.",
      description: "201 the first time, 200 after.",
      ok: {
        201: { description: "`{notifyRequested: true}` the first time", body: notifyAnswerSchema },
        200: { description: "`{notifyRequested: true}` after", body: notifyAnswerSchema },
      },
    }),
    requireUser,
    async (c) => {
      const { created } = await requestCommunityNotice(c.var.deps.database.db, c.var.user.id);
      return c.json({ notifyRequested: true as const }, created ? 201 : 200);
    },
  )
  .get(
    "/waitlist",
    documented({
      tag: "Community",
      summary: "His waitlist signup, if any.",
      description: "`{signup \\| null}`",
      ok: { 200: { description: "`{signup | null}`", body: waitlistAnswerSchema } },
      errors: ["community.loginRequired"],
      public: true,
    }),
    requireWaitlistUser,
    async (c) => {
      return c.json({ signup: await readWaitlistSignup(c.var.deps.database.db, c.var.user.id) }, 200);
    },
  )
  .post(
    "/waitlist",
    documented({
      tag: "Community",
      summary: "Join the waitlist with his account's address (decision 0104).",
      description:
        "Body `{email?, name, interests}`. 201 with the new signup and its position; a repeat → 200 with the stored one, nothing changes. Positions unique and gap-free under concurrency. The stored e-mail is the account's: `email` may be left out, and one that is not the account's → 400 `The waitlist uses your account's email address.` (decision 0104).",
      ok: {
        201: { description: "`{signup}` with its position", body: waitlistAnswerSchema },
        200: { description: "`{signup}`: the stored one, nothing changed", body: waitlistAnswerSchema },
      },
      errors: ["community.loginRequired", "community.notAccountEmail"],
      public: true,
    }),
    requireWaitlistUser,
    validate("json", joinWaitlistSchema),
    async (c) => {
      const { email, ...request } = c.req.valid("json");
      const own = normalizeEmail(c.var.user.email);
      // Launch news goes to the address he confirmed, never to one he typed (issue 24 #6).
      if (email !== undefined && email !== own) throw new DomainError("community.notAccountEmail");
      const { signup, created } = await joinWaitlist(c.var.deps.database.db, c.var.user.id, { ...request, email: own });
      return c.json({ signup }, created ? 201 : 200);
    },
  )
  .get(
    "/feed",
    documented({
      tag: "Community",
      summary: "One page of the feed, newest first (members only).",
      description:
        "`?cursor=` the `nextCursor` of the page before (none: the newest). `{posts, nextCursor}`: up to 20 posts, each with his first name, the win (challenge, milestone, day), his words, the proof he chose to show (the photo's address, or the activity's distance, moving time, pace and route shape), cheers and comments. `hidden`: on the first page, how many posts he hid (reported, or by a member he blocked), so an empty feed can say so; 0 on later pages. A cursor this server did not write reads as the first page.",
      ok: { 200: { description: "`FeedPage`: `{posts, nextCursor, hidden}`", body: feedPageSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    validate("query", feedCursorSchema),
    async (c) => {
      return c.json(await readFeed(c.var.deps.database.db, c.var.user.id, c.req.valid("query").cursor), 200);
    },
  )
  .post(
    "/posts",
    documented({
      tag: "Community",
      summary: "Share a completed milestone or his validated run (members only).",
      description:
        '`{kind: "milestone", milestoneId, text?, withProof?, withScreenTime?}` or `{kind: "run", text?, withProof?, withScreenTime?}` → 201 `{post}`. `withScreenTime` shows the minutes he took back from his phone over a week, worked out from his own check-ins (`tookBackMinutes`; null when he took none back). The win is read from his own plan or run, never from the request; a milestone text or challenge title that breaks the community text rules (a link, a refused word, invisible characters, a milestone over 300 characters) is refused with a message naming what to change (400); each win is shared once (409); 10 posts a day (429).',
      ok: { 201: { description: "`{post}`", body: postSharedSchema } },
      errors: [
        ...memberRefusals,
        "community.milestoneNotFound",
        "community.milestoneNotCompleted",
        "community.runNotValidated",
        "community.winNotShareable",
        "community.alreadyShared",
        "community.dailyLimit",
      ],
    }),
    requireUser,
    requireMember,
    validate("json", sharePostSchema),
    async (c) => {
      const post = await sharePost(c.var.deps.database.db, c.var.user.id, c.req.valid("json"));
      return c.json({ post }, 201);
    },
  )
  .get(
    "/posts/:id/photo",
    documented({
      tag: "Community",
      summary: "The photo a post shows as its proof (members who may see the post only).",
      description:
        "The re-encoded photo (`image/webp`) of a post shared with its photo proof, for a member who sees that post in his feed. A post he reported, whose author he blocked, that was removed, or that shows no photo → 404. Kept a day by his browser (`private`): a removal or a block reaches what it keeps by then.",
      ok: { 200: "The photo" },
      media: "image/webp",
      errors: [...memberRefusals, "community.postNotFound"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    async (c) => {
      const { database, proofStorage } = c.var.deps;
      const photo = await readPostPhoto(database.db, proofStorage, c.var.user.id, c.req.valid("param").id);
      if (!photo) throw new DomainError("community.postNotFound");
      return c.body(new Uint8Array(photo.bytes), 200, {
        "Content-Type": photo.contentType,
        "Cache-Control": POST_PHOTO_CACHE,
      });
    },
  )
  .put(
    "/posts/:id/cheer",
    documented({
      ...cheerDoc,
      summary: "Cheer a post, once (members only; not his own).",
      errors: [...memberRefusals, "community.postNotFound", "community.ownCheer"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    async (c) => {
      return c.json(await cheerPost(c.var.deps.database.db, c.var.user.id, c.req.valid("param").id), 200);
    },
  )
  .delete(
    "/posts/:id/cheer",
    documented({
      ...cheerDoc,
      summary: "Take his cheer back (members only).",
      errors: [...memberRefusals, "community.postNotFound"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    async (c) => {
      return c.json(await takeBackCheer(c.var.deps.database.db, c.var.user.id, c.req.valid("param").id), 200);
    },
  )
  .get(
    "/posts/:id/comments",
    documented({
      tag: "Community",
      summary: "One page of the comments under a post, oldest first (members only).",
      description: `\`?cursor=\` the \`nextCursor\` of the page before (none: the oldest). \`{comments, nextCursor}\`: up to ${COMMENTS_PAGE_SIZE} comments, each with its author's first name, its words and when it was written; \`nextCursor\` asks for the newer ones after them (null: the last page). What he reported and what a member he blocked wrote are left out. A cursor this server did not write reads as the first page.`,
      ok: { 200: { description: "`{comments, nextCursor}`", body: commentsAnswerSchema } },
      errors: [...memberRefusals, "community.postNotFound"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    validate("query", feedCursorSchema),
    async (c) => {
      const { db } = c.var.deps.database;
      return c.json(await readComments(db, c.var.user.id, c.req.valid("param").id, c.req.valid("query").cursor), 200);
    },
  )
  .post(
    "/posts/:id/comments",
    documented({
      tag: "Community",
      summary: "Comment on a post (members only).",
      description: "`{text}` (up to 280 characters; no links, no slurs) → 201 `{comment}`. 50 comments a day (429).",
      ok: { 201: { description: "`{comment}`", body: commentWrittenSchema } },
      errors: [...memberRefusals, "community.postNotFound", "community.dailyLimit"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    validate("json", writeCommentSchema),
    async (c) => {
      const { db } = c.var.deps.database;
      const comment = await writeComment(db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").text);
      return c.json({ comment }, 201);
    },
  )
  .post(
    "/posts/:id/report",
    documented({
      tag: "Community",
      summary: "Report a post (members only; DSA Art. 16): hidden for him at once, queued for the operator.",
      description: `{reason: ${reportReasonIds.map((r) => `"${r}"`).join(" \\| ")}, note?: string (≤ 500)} → 201 \`{reported: true}\`, also when he had reported it already (nothing changes). 20 reports a day (429).`,
      ok: { 201: { description: "`{reported: true}`", body: reportedSchema } },
      errors: [...memberRefusals, "community.postNotFound", "community.ownReport", "community.dailyLimit"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    validate("json", reportSchema),
    async (c) => {
      const { db } = c.var.deps.database;
      await report(db, c.var.user.id, { postId: c.req.valid("param").id }, c.req.valid("json"));
      return c.json({ reported: true as const }, 201);
    },
  )
  .post(
    "/comments/:id/report",
    documented({
      tag: "Community",
      summary: "Report a comment (members only; DSA Art. 16): hidden for him at once, queued for the operator.",
      description: "As reporting a post.",
      ok: { 201: { description: "`{reported: true}`", body: reportedSchema } },
      errors: [...memberRefusals, "community.commentNotFound", "community.ownReport", "community.dailyLimit"],
    }),
    requireUser,
    requireMember,
    idParam("community.commentNotFound"),
    validate("json", reportSchema),
    async (c) => {
      const { db } = c.var.deps.database;
      await report(db, c.var.user.id, { commentId: c.req.valid("param").id }, c.req.valid("json"));
      return c.json({ reported: true as const }, 201);
    },
  )
  .put(
    "/posts/:id/block-author",
    documented({
      tag: "Community",
      summary: "Block the author of a post (members only): his posts and comments are gone for the blocker.",
      ok: { 200: { description: "`{blocked: true}`", body: blockedSchema } },
      errors: [...memberRefusals, "community.postNotFound", "community.ownBlock"],
    }),
    requireUser,
    requireMember,
    idParam("community.postNotFound"),
    async (c) => {
      await blockAuthor(c.var.deps.database.db, c.var.user.id, c.req.valid("param").id);
      return c.json({ blocked: true as const }, 200);
    },
  )
  .get(
    "/blocks",
    documented({
      tag: "Community",
      summary: "The members he blocked, newest first (members only).",
      description:
        "Each with `id`, the id of his block: opaque and his own (another blocker of the same member gets another), what `DELETE /api/community/blocks/:id` takes. No member's internal id is answered.",
      ok: { 200: { description: "`{blocks: [{id, firstName, since}]}`", body: blocksAnswerSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    async (c) => {
      const { database, env } = c.var.deps;
      return c.json({ blocks: await readBlocks(database.db, c.var.user.id, env.AUTH_SECRET) }, 200);
    },
  )
  .delete(
    "/blocks/:id",
    documented({
      tag: "Community",
      summary: "Unblock a member (members only); his posts and comments show again. Unknown ids change nothing.",
      description: "`:id` is the `id` his list of blocks gave. Any other id, a member's included, changes nothing.",
      ok: { 200: { description: "`{blocks}`: the ones left", body: blocksAnswerSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    async (c) => {
      const { database, env } = c.var.deps;
      await unblock(database.db, c.var.user.id, env.AUTH_SECRET, c.req.param("id"));
      return c.json({ blocks: await readBlocks(database.db, c.var.user.id, env.AUTH_SECRET) }, 200);
    },
  )
  // Notifications and the daily digest (decision 0137): his own only, members only; the digest's one-click
  // unsubscribe works without a session, its signed token is the key.
  .get(
    "/notifications",
    documented({
      tag: "Community",
      summary: "His latest notifications, newest first, and how many are unread (members only).",
      description: `Up to ${NOTIFICATIONS_SHOWN}: who cheered his win or commented under it, the win's label and the comment's opening words. Only what he may still see: nothing by a member he blocked, no removed or reported comment, no cheer taken back.`,
      ok: { 200: { description: "`{notifications, unread}`", body: notificationsAnswerSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    async (c) => {
      return c.json(await readNotifications(c.var.deps.database.db, c.var.user.id), 200);
    },
  )
  .get(
    "/news",
    documented({
      tag: "Community",
      summary: "How many of his notifications are unread: the badge on Community in the menus (any signed-in man).",
      description:
        "`{unread}`: the same count `GET /api/community/notifications` gives. Every dashboard page asks for it, and asks again each minute while it is in view (decision 0151), so a man not let in, or suspended, gets `{unread: 0}` rather than a refusal.",
      ok: { 200: { description: "`{unread}`", body: communityNewsSchema } },
    }),
    requireUser,
    async (c) => {
      const { db } = c.var.deps.database;
      const member = (await membership(db, c.var.user.id)) === "member";
      return c.json({ unread: member ? await countUnread(db, c.var.user.id) : 0 }, 200);
    },
  )
  .post(
    "/notifications/read",
    documented({
      tag: "Community",
      summary: "Mark his notifications read: all, or those up to `until` (members only).",
      description:
        "`{until?}` (ISO date-time: the newest one the list showed, so one that arrived meanwhile stays unread) → `{notifications, unread}`.",
      ok: { 200: { description: "`{notifications, unread}` after marking", body: notificationsAnswerSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    validate("json", markReadSchema),
    async (c) => {
      const { db } = c.var.deps.database;
      const { until } = c.req.valid("json");
      await markNotificationsRead(db, c.var.user.id, new Date(), until ? new Date(until) : undefined);
      return c.json(await readNotifications(db, c.var.user.id), 200);
    },
  )
  .get(
    "/digest",
    documented({
      tag: "Community",
      summary: "Whether he gets the daily community digest e-mail (members only).",
      ok: { 200: { description: "`{digestEmails}`", body: digestSettingSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    async (c) => {
      return c.json(await readDigestSetting(c.var.deps.database.db, c.var.user.id), 200);
    },
  )
  .put(
    "/digest",
    documented({
      tag: "Community",
      summary: "Turn the daily community digest e-mail on or off (members only).",
      description: "`{digestEmails}` → the setting as saved.",
      ok: { 200: { description: "`{digestEmails}` as saved", body: digestSettingSchema } },
      errors: [...memberRefusals],
    }),
    requireUser,
    requireMember,
    validate("json", digestSettingRequestSchema),
    async (c) => {
      const { digestEmails } = c.req.valid("json");
      return c.json(await setDigest(c.var.deps.database.db, c.var.user.id, digestEmails, new Date()), 200);
    },
  )
  .post(
    "/digest/unsubscribe",
    documented({
      tag: "Community",
      summary: "RFC 8058 one-click unsubscribe from the community digest, posted by mail providers: no session.",
      description:
        'No session: the signed token of the digest\'s link is the key. `{list: "community"}`: the digest is off. A token the server did not sign for the digest → 400 with the message for the page.',
      ok: { 200: { description: '`{list: "community"}`: the digest is off', body: unsubscribeAnswerSchema } },
      errors: ["community.digestLinkInvalid"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.var.deps;
      const target = readUnsubscribeToken(env.AUTH_SECRET, c.req.valid("query").token, ["community"] as const);
      if (!target) throw new DomainError("community.digestLinkInvalid");
      // A deleted account's or a former member's link gets the same answer, so the link reveals nothing.
      await turnOffDigest(database.db, target.userId, new Date());
      return c.json({ list: target.list }, 200);
    },
  )
  // The one-click address opened in a browser: the reminders' unsubscribe page, which asks before it changes anything.
  .get(
    "/digest/unsubscribe",
    documented({
      tag: "Community",
      summary: "The digest's unsubscribe address opened in a browser: to the page that asks first.",
      description: "303 to `/unsubscribe?token=…`, the page that asks before it changes anything.",
      ok: { 303: "To `/unsubscribe?token=…`" },
      public: true,
    }),
    (c) => {
      const token = c.req.query("token") ?? "";
      return c.redirect(`${paths.unsubscribe}?token=${encodeURIComponent(token)}`, 303);
    },
  );
