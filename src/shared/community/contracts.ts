import { z } from "zod";
import { normalizeEmail } from "../account/rules.ts";
import { answer } from "../answer.ts";
import { activityReadingSchema } from "../proof/contracts.ts";
import { userText } from "../text.ts";
import { commentTextSchema, postTextSchema } from "./post-text.ts";
import {
  badgeIds,
  communityMessages,
  feedMessages,
  type InterestId,
  interestOptions,
  postKinds,
  REPORT_NOTE_MAX,
  reportReasonIds,
  WAITLIST_NAME_MAX_LENGTH,
} from "./rules.ts";

/**
 * The community area (SPEC.md sections 2, 3, 5 and 9; PRODUCT.md "Community"): the waitlist form and its answers, and
 * the feed preview's one request. The client form and the server validate with the same schema.
 */

const interestIds = interestOptions.map((o) => o.id) as [InterestId, ...InterestId[]];

/**
 * POST /api/community/waitlist, and the form as typed. The e-mail is the account's (issue 24 #6, decision 0104): the
 * form shows it and sends none; one sent must be the account's (the server compares, trimmed and lower-cased). The
 * name is trimmed and printable only, like a first name (issue 52 row 11: his page and the operator's CSV show it);
 * interests are optional, known ids only, each once.
 */
export const joinWaitlistSchema = z.object({
  email: z.string({ error: communityMessages.notAccountEmail }).transform(normalizeEmail).optional(),
  name: userText({
    max: WAITLIST_NAME_MAX_LENGTH,
    printable: true,
    messages: { required: communityMessages.nameRequired, tooLong: communityMessages.nameTooLong },
  }),
  interests: z
    .array(z.enum(interestIds, { error: communityMessages.interestsInvalid }), {
      error: communityMessages.interestsInvalid,
    })
    .max(interestOptions.length, communityMessages.interestsInvalid)
    .default([])
    .transform((ids) => interestIds.filter((id) => ids.includes(id))),
});
export type JoinWaitlistForm = z.input<typeof joinWaitlistSchema>;
export type JoinWaitlistRequest = z.output<typeof joinWaitlistSchema>;

/** One member's place on the waitlist; the position is the stored one, never an estimate. */
const waitlistSignupSchema = z.object({
  position: z.number(),
  email: z.string(),
  name: z.string(),
  interests: z.array(z.enum(interestIds)),
  joinedAt: z.string(),
});
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;

/** GET /api/community/waitlist and POST /api/community/waitlist (the new signup, or the one he already had). */
export const waitlistAnswerSchema = answer(z.object({ signup: waitlistSignupSchema.nullable() }));
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** GET /api/community: everything the feed preview shows, in one request. */
export const communityOverviewSchema = answer(
  z.object({
    membersWaiting: z.number(),
    notifyRequested: z.boolean(),
    signup: waitlistSignupSchema.nullable(),
    /** Let in from the waitlist (issue 40): the feed instead of the preview. */
    admitted: z.boolean(),
  }),
);
export type CommunityOverview = z.infer<typeof communityOverviewSchema>;

/** POST /api/community/notify */
export const notifyAnswerSchema = answer(z.object({ notifyRequested: z.literal(true) }));
export type NotifyAnswer = z.infer<typeof notifyAnswerSchema>;

// ---------------------------------------------------------------------------
// The feed, once he is admitted (issue 40)
// ---------------------------------------------------------------------------

/**
 * POST /api/community/posts: share a completed milestone of his plan, or his validated run, with a few words if he
 * likes. `withProof`: show the proof he added to it (the route picture or the photo); the server finds it, so no one
 * can attach another man's. `withScreenTime`: show the time he took back from his phone this week (issue 55), worked
 * out by the server from his own check-ins; nothing shows when he has taken none back.
 */
export const sharePostSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("milestone"),
    milestoneId: z.uuid({ error: "Choose a completed milestone to share." }),
    text: postTextSchema.optional().default(""),
    withProof: z.boolean().optional().default(false),
    withScreenTime: z.boolean().optional().default(false),
  }),
  z.object({
    kind: z.literal("run"),
    text: postTextSchema.optional().default(""),
    withProof: z.boolean().optional().default(false),
    withScreenTime: z.boolean().optional().default(false),
  }),
]);
export type SharePostRequest = z.output<typeof sharePostSchema>;

/**
 * The proof he chose to show with a post (issue 53 row 4): the photo, served to those who may see the post, or the
 * activity's figures and the route's shape. Not when or where it started: a stranger learns no more than the win.
 */
const postProofSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("photo"),
    photo: z.object({ width: z.number(), height: z.number(), url: z.string() }),
  }),
  z.object({
    kind: z.literal("activity"),
    activity: activityReadingSchema.pick({
      /** "from Strava" or the file's kind: how it was recorded, nothing of when or where. */
      format: true,
      distanceMeters: true,
      movingSeconds: true,
      paceSecondsPerKm: true,
      route: true,
    }),
  }),
]);
export type PostProof = z.infer<typeof postProofSchema>;

/**
 * A post as the feed shows it: his first name, his badges and the win; nothing from his answers, e-mail or todos.
 * `author.badges`: the badges he holds, in display order, shown beside his name.
 */
const feedPostSchema = z.object({
  id: z.string(),
  author: z.object({ firstName: z.string(), badges: z.array(z.enum(badgeIds)) }),
  kind: z.enum(postKinds),
  challengeTitle: z.string(),
  milestoneText: z.string(),
  /** The day of the win (YYYY-MM-DD). */
  achievedOn: z.string(),
  text: z.string(),
  proof: postProofSchema.nullable(),
  /** A run post whose run he typed, no activity file behind it: every screen says so (issue 53 row 2). */
  selfReported: z.boolean(),
  /** "Took back 9 h this week" (issue 55): minutes over a week, when he chose to show it; null otherwise. */
  tookBackMinutes: z.number().int().nullable(),
  cheers: z.number(),
  cheeredByMe: z.boolean(),
  comments: z.number(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

/** The query of GET /api/community/feed. */
export const feedCursorSchema = z.object({
  cursor: z
    .string()
    .max(200, { error: feedMessages.badCursor })
    .regex(/^[A-Za-z0-9_-]*$/, { error: feedMessages.badCursor })
    .optional(),
});

/**
 * GET /api/community/feed?cursor=: newest first; `nextCursor` asks for the page after this one (null: the end).
 * `hidden`: the posts he hid (reported, or by a member he blocked), counted on the first page, 0 on the others.
 */
export const feedPageSchema = answer(
  z.object({ posts: z.array(feedPostSchema), nextCursor: z.string().nullable(), hidden: z.number() }),
);
export type FeedPage = z.infer<typeof feedPageSchema>;

/** POST /api/community/posts */
export const postSharedSchema = answer(z.object({ post: feedPostSchema }));

/** PUT and DELETE /api/community/posts/:id/cheer */
export const cheerAnswerSchema = answer(z.object({ cheers: z.number(), cheeredByMe: z.boolean() }));
export type CheerAnswer = z.infer<typeof cheerAnswerSchema>;

/** POST /api/community/posts/:id/comments */
export const writeCommentSchema = z.object({ text: commentTextSchema });
export type WriteCommentRequest = z.output<typeof writeCommentSchema>;

const feedCommentSchema = z.object({
  id: z.string(),
  author: z.object({ firstName: z.string() }),
  text: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type FeedComment = z.infer<typeof feedCommentSchema>;

/**
 * GET /api/community/posts/:id/comments?cursor=: oldest first, up to 50; `nextCursor` asks for the newer ones after
 * this page (null: the end).
 */
export const commentsAnswerSchema = answer(
  z.object({ comments: z.array(feedCommentSchema), nextCursor: z.string().nullable() }),
);
export type CommentsPage = z.infer<typeof commentsAnswerSchema>;
/** The answer of writing a comment. */
export const commentWrittenSchema = answer(z.object({ comment: feedCommentSchema }));

/** POST /api/community/posts/:id/report and /api/community/comments/:id/report (DSA Art. 16). */
export const reportSchema = z.object({
  reason: z.enum(reportReasonIds, { error: feedMessages.reportReason }),
  note: userText({ max: REPORT_NOTE_MAX, min: 0, multiline: true, printable: true }).optional().default(""),
});
export type ReportRequest = z.output<typeof reportSchema>;
export const reportedSchema = answer(z.object({ reported: z.literal(true) }));

/** PUT /api/community/posts/:id/block-author */
export const blockedSchema = answer(z.object({ blocked: z.literal(true) }));

/**
 * A member he blocked. `id` names his block, not the member: opaque, his own, what unblocking takes (issue 52 row 13);
 * the member's internal id never leaves the server.
 */
const blockedMemberSchema = z.object({ id: z.string(), firstName: z.string(), since: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
/** GET /api/community/blocks, and the answer of DELETE /api/community/blocks/:id */
export const blocksAnswerSchema = answer(z.object({ blocks: z.array(blockedMemberSchema) }));
