import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  badgeIds,
  moderatedItemKinds,
  moderationDecisions,
  notificationKinds,
  postKinds,
  reportReasonIds,
  reportStatuses,
} from "#shared/community/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf } from "./columns.ts";
import { milestones } from "./plan.ts";
import { proofs } from "./proof.ts";

// The community: the waitlist, then members, posts, cheers, comments, reports, blocks, moderation, notifications and badges (issue 40).

export const waitlistSignups = pgTable(
  "waitlist_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    waitlistPosition: integer("waitlist_position").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("waitlist_position_check", sql`${t.waitlistPosition} >= 1`)],
);

export const communityNotifyRequests = pgTable("community_notify_requests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** A member let in from the waitlist: only members read and write the feed. */
export const communityMembers = pgTable(
  "community_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    admittedAt: timestamp("admitted_at", { withTimezone: true }).notNull(),
    /** "command" (npm run community:admit) or the operator's user id. */
    admittedBy: text("admitted_by").notNull(),
    /** Suspended by the operator's decision: he can no longer read or write the feed. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** He turned the daily e-mail digest off (one click from any digest, or in settings). */
    digestOffAt: timestamp("digest_off_at", { withTimezone: true }),
    /** The last digest sent to him: at most one a day, claimed with a conditional update so two instances send one. */
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    /**
     * The earliest moment his next digest may be due; none: nothing pending (decision 0184). A lower bound kept by the
     * database's triggers on every write that can make him due (news, a switch back on, an address confirmed, an
     * unblock, a cheer given again) and settled by the digest's claim, which decides on the row itself.
     */
    digestDueAt: timestamp("digest_due_at", { withTimezone: true }),
    /** A copy of his zone (his reminder settings'), kept by triggers, by which the digest's claim finds him (0184). */
    timeZone: text("time_zone"),
  },
  (t) => [
    // Per zone, the members whose digest may be due by now: a tick reads only those, in the zones where it is day.
    index("community_members_digest_due_idx")
      .on(sql`coalesce(${t.timeZone}, 'UTC')`, t.digestDueAt, t.userId)
      .where(sql`${t.digestDueAt} is not null`),
  ],
);

/** An account the operator marked with `npm run community:operator`: it sees /admin; everyone else gets 404. */
export const operators = pgTable("operators", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  markedAt: createdAt(),
});

/**
 * A win he shared. What it shows is copied when he shares it (the challenge's title, the milestone's words, the day),
 * so a later re-plan or a new plan does not rewrite what others cheered. `removed_at`: taken down by moderation.
 */
export const communityPosts = pgTable(
  "community_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: postKinds }).notNull(),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    challengeTitle: text("challenge_title").notNull().default(""),
    milestoneText: text("milestone_text").notNull().default(""),
    /** The day of the win on his calendar (YYYY-MM-DD). */
    achievedOn: text("achieved_on").notNull(),
    proofId: uuid("proof_id").references(() => proofs.id, { onDelete: "set null" }),
    text: text("text").notNull().default(""),
    /** "Took back 9 h this week": shown on the card only when he chose to share it (issue 55). */
    tookBackMinutes: integer("took_back_minutes"),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("community_posts_kind_check", oneOf(t.kind, postKinds)),
    index("community_posts_feed_idx").on(t.createdAt.desc(), t.id.desc()),
    index("community_posts_user_idx").on(t.userId),
    index("community_posts_proof_idx").on(t.proofId),
    // One post per win: the same milestone, or his run, is shared once.
    uniqueIndex("community_posts_milestone_unique").on(t.milestoneId),
    uniqueIndex("community_posts_run_unique").on(t.userId).where(sql`${t.kind} = 'run'`),
  ],
);

/** One cheer per member and post. */
export const communityCheers = pgTable(
  "community_cheers",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("community_cheers_once").on(t.postId, t.userId), index("community_cheers_user_idx").on(t.userId)],
);

export const communityComments = pgTable(
  "community_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("community_comments_post_idx").on(t.postId, t.createdAt),
    index("community_comments_user_idx").on(t.userId),
  ],
);

/**
 * A member's notice about a post or a comment (DSA Art. 16): hidden for him at once, and open in the operator's queue
 * until decided. Reporting the same item again changes nothing.
 */
export const communityReports = pgTable(
  "community_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id").references(() => communityPosts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => communityComments.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: reportReasonIds }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("community_reports_one_target", sql`(${t.postId} is null) <> (${t.commentId} is null)`),
    check("community_reports_reason_check", oneOf(t.reason, reportReasonIds)),
    check("community_reports_status_check", oneOf(t.status, reportStatuses)),
    uniqueIndex("community_reports_post_once").on(t.reporterId, t.postId).where(sql`${t.postId} is not null`),
    uniqueIndex("community_reports_comment_once").on(t.reporterId, t.commentId).where(sql`${t.commentId} is not null`),
    index("community_reports_queue_idx").on(t.status, t.createdAt),
    // The partial unique indexes above serve only their own rows; deleting a reporter, post or comment needs all.
    index("community_reports_reporter_idx").on(t.reporterId),
    index("community_reports_post_idx").on(t.postId),
    index("community_reports_comment_idx").on(t.commentId),
  ],
);

/** A member he blocked: that man's posts and comments are gone for him. */
export const communityBlocks = pgTable(
  "community_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("community_blocks_once").on(t.blockerId, t.blockedId),
    check("community_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    index("community_blocks_blocked_idx").on(t.blockedId),
  ],
);

/**
 * The log of the operator's decisions (DSA Art. 17): one row per decision, kept when the item is removed. `ground` is
 * the rule the decision rests on, `explanation` the facts; both go into the statement of reasons the author is
 * e-mailed, and `statementSentAt` stays empty while that e-mail has not gone. The author's rows are his (exported,
 * and deleted with his account); `decidedBy` is the operator's user id as text, so an operator leaving does not
 * empty the log.
 */
export const moderationDecisionsLog = pgTable(
  "moderation_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemKind: text("item_kind", { enum: moderatedItemKinds }).notNull(),
    /** The post's or comment's id; no reference, so the log outlives the item. */
    itemId: uuid("item_id").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decidedBy: text("decided_by").notNull(),
    decision: text("decision", { enum: moderationDecisions }).notNull(),
    ground: text("ground", { enum: reportReasonIds }).notNull(),
    explanation: text("explanation").notNull().default(""),
    /** How many open reports the decision closed. */
    reports: integer("reports").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
    statementSentAt: timestamp("statement_sent_at", { withTimezone: true }),
  },
  (t) => [
    check("moderation_decisions_item_kind_check", oneOf(t.itemKind, moderatedItemKinds)),
    check("moderation_decisions_decision_check", oneOf(t.decision, moderationDecisions)),
    check("moderation_decisions_ground_check", oneOf(t.ground, reportReasonIds)),
    index("moderation_decisions_decided_idx").on(t.decidedAt.desc()),
    index("moderation_decisions_author_idx").on(t.authorId),
  ],
);

/**
 * Something that happened to his post: a cheer or a comment by another member. Shown in the app until read, and
 * gathered into at most one e-mail a day (`emailedAt`). A cheer taken back and given again tells him once.
 */
export const communityNotifications = pgTable(
  "community_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => communityComments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    check("community_notifications_kind_check", oneOf(t.kind, notificationKinds)),
    index("community_notifications_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("community_notifications_cheer_once").on(t.postId, t.actorId).where(sql`${t.kind} = 'cheer'`),
    // Deleting a member cascades through these: without them each scanned the whole table (issue 58: 0.68 s at 100k).
    index("community_notifications_post_idx").on(t.postId),
    index("community_notifications_comment_idx").on(t.commentId),
    index("community_notifications_actor_idx").on(t.actorId),
    // The digest's claim reads the members who have news pending, not every member (decision 0168).
    index("community_notifications_pending_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null and ${t.emailedAt} is null`),
  ],
);

/** A badge he earned, kept once: never taken back if the facts change later (a milestone reopened, a new plan). */
export const userBadges = pgTable(
  "user_badges",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeId: text("badge_id", { enum: badgeIds }).notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("user_badges_once").on(t.userId, t.badgeId),
    check("user_badges_badge_check", oneOf(t.badgeId, badgeIds)),
  ],
);
