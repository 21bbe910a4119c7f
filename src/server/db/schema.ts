import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { billingIntervals, UNLIMITED_TOKENS } from "#shared/billing/plans.ts";
import {
  badgeIds,
  moderatedItemKinds,
  moderationDecisions,
  notificationKinds,
  postKinds,
  reportReasonIds,
  reportStatuses,
} from "#shared/community/rules.ts";
import { partnerDeliveryKinds } from "#shared/partners/rules.ts";
import { milestoneTypes } from "#shared/plan/rules.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { proofKinds } from "#shared/proof/rules.ts";
import { type PlanPreview, type QuizAnswer, quizStatuses } from "#shared/quiz/contracts.ts";
import { generationStatuses } from "#shared/quiz/rules.ts";
import { reminderKinds } from "#shared/reminders/rules.ts";
import { type ReplacedMilestone, type ReplanProposal, replanReasons, replanStatuses } from "#shared/replan/rules.ts";
import { MINUTES_PER_DAY, screenTimePeriods, screenTimeSources, type TopApp } from "#shared/screen-time/rules.ts";
import { stravaOutcomes } from "#shared/strava/rules.ts";
import { tokenActions } from "#shared/tokens/rules.ts";

/** `column in ('a', 'b')` from one of the shared enums, so the database check and the code list the same values. */
function oneOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in ${sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`)}`;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Auth (better-auth's core models; field names are the ones it expects)
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  /** When the person confirmed being 18+ and accepted the terms (required at sign-up). */
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Sign-ups and reset requests answered before their work (decisions 0063, 0101), until that work is done: a row per
 * request, so an instance that dies with work pending leaves it to another (decision 0121). The request is sealed
 * (AES-GCM, a key derived from AUTH_SECRET): a sign-up holds a password for the second or so it waits here.
 */
export const answeredAuthWork = pgTable(
  "answered_auth_work",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    sealed: text("sealed").notNull(),
    createdAt: createdAt(),
    /** Until when the instance that answered does the work; past this any instance does it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(1),
  },
  (t) => [index("answered_auth_work_lease_idx").on(t.leaseUntil)],
);

// ---------------------------------------------------------------------------
// Product
// ---------------------------------------------------------------------------

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    billingInterval: text("billing_interval", { enum: billingIntervals }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    stripePriceId: text("stripe_price_id"),
    tokenAllowance: integer("token_allowance").notNull(),
    maxActiveChallenges: integer("max_active_challenges").notNull(),
    /** Accountability partners at once (issue 25); the default is the free plan's, for rows seeded before it. */
    maxPartners: integer("max_partners").notNull().default(1),
    features: jsonb("features").$type<string[]>().notNull().default([]),
  },
  (t) => [
    check("subscription_plans_interval_check", oneOf(t.billingInterval, billingIntervals)),
    check("subscription_plans_price_check", sql`${t.price} >= 0`),
    check("subscription_plans_tokens_check", sql`${t.tokenAllowance} >= ${sql.raw(String(UNLIMITED_TOKENS))}`),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** -1 means unlimited. */
    tokensRemaining: integer("tokens_remaining").notNull().default(5),
    /** Calendar month (YYYY-MM) the free balance was last topped up for. */
    tokensPeriod: text("tokens_period"),
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** When the user accepted the first (run) challenge; the 24-hour countdown runs from here. */
    challengeAcceptedAt: timestamp("challenge_accepted_at", { withTimezone: true }),
    /** Longest run the user stated when accepting (minutes); null = never ran (target 60 min). */
    runMaxDurationMinutes: integer("run_max_duration_minutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_tokens_check", sql`${t.tokensRemaining} >= ${sql.raw(String(UNLIMITED_TOKENS))}`)],
);

export const tokenUsage = pgTable(
  "token_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionType: text("action_type", { enum: tokenActions }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("token_usage_user_id_idx").on(t.userId),
    check("token_usage_action_check", oneOf(t.actionType, tokenActions)),
  ],
);

export const runValidations = pgTable(
  "run_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    previousMaxDuration: integer("previous_max_duration"),
    todayDuration: integer("today_duration").notNull(),
    notes: text("notes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("run_validations_previous_check", sql`${t.previousMaxDuration} is null or ${t.previousMaxDuration} >= 1`),
    check("run_validations_today_check", sql`${t.todayDuration} >= 1`),
  ],
);

export type AiAnalysis = {
  life_mission: string;
  screen_to_action_plan: string;
  accountability_tracking: string;
};

export const quizResponses = pgTable(
  "quiz_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    answers: jsonb("answers").$type<QuizAnswer[]>().notNull(),
    status: text("status", { enum: quizStatuses }).notNull().default("in_progress"),
    /** Progress of the AI generation: idle → running (stage) → done | failed. */
    generationStatus: text("generation_status", { enum: generationStatuses }).notNull().default("idle"),
    generationStage: text("generation_stage"),
    generationError: text("generation_error"),
    generationStartedAt: timestamp("generation_started_at", { withTimezone: true }),
    /** Claim of the run that may store its result; a restarted stale run gets a new one. */
    generationRunId: uuid("generation_run_id"),
    /** What the running generation has written so far, shown while it streams (issue 28). */
    generationPreview: jsonb("generation_preview").$type<PlanPreview>(),
    /** Until when the instance running it holds the run; past this any instance takes it over (decision 0121). */
    generationLeaseUntil: timestamp("generation_lease_until", { withTimezone: true }),
    /** Runs started or taken over for this response: one that keeps dying ends as failed instead of going round. */
    generationAttempts: integer("generation_attempts").notNull().default(0),
    /**
     * The steps the run has completed (mission, challenges), so a run taken over goes on from them, and the id of its
     * model generation (model_generations), which the run taking over continues (issue 52 row 9).
     */
    generationPartial: jsonb("generation_partial").$type<{
      mission?: unknown;
      challenges?: unknown[];
      modelGenerationId?: string;
    }>(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    lifeMission: text("life_mission"),
    /** The same mission in the third person, for his partner; null on plans written before it existed (decision 0123). */
    lifeMissionForOthers: text("life_mission_for_others"),
    missionStatement: text("mission_statement"),
    vision: text("vision"),
    aiAnalysis: jsonb("ai_analysis").$type<AiAnalysis>(),
    challengesGenerated: jsonb("challenges_generated").$type<unknown[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quiz_responses_user_id_idx").on(t.userId, t.completedAt),
    check("quiz_responses_status_check", oneOf(t.status, quizStatuses)),
    check("quiz_responses_generation_check", oneOf(t.generationStatus, generationStatuses)),
    // What each instance's keeper looks for every few seconds: runs whose holder is gone.
    index("quiz_responses_running_lease_idx").on(t.generationLeaseUntil).where(sql`${t.generationStatus} = 'running'`),
  ],
);

/** What asks a model to write: a plan, a milestone's todos, a re-plan. */
export const modelGenerationKinds = ["plan", "todos", "replan"] as const;
export const modelGenerationStatuses = ["running", "done", "failed"] as const;

/**
 * One generation by the AI (issue 28): which model wrote it, how long it took and the tokens it used, for the
 * operator, and the count behind the per-account daily cap. None of his words are kept here.
 */
export const modelGenerations = pgTable(
  "model_generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: modelGenerationKinds }).notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    status: text("status", { enum: modelGenerationStatuses }).notNull().default("running"),
    durationMs: integer("duration_ms"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("model_generations_user_created_idx").on(t.userId, t.createdAt),
    check("model_generations_kind_check", oneOf(t.kind, modelGenerationKinds)),
    check("model_generations_status_check", oneOf(t.status, modelGenerationStatuses)),
  ],
);

export const challenges = pgTable(
  "challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizResponseId: uuid("quiz_response_id")
      .notNull()
      .references(() => quizResponses.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    description: text("description").notNull(),
    insight: text("insight"),
    challengeAccepted: boolean("challenge_accepted").notNull().default(false),
    screenToAction: text("screen_to_action"),
    accountabilityFramework: text("accountability_framework"),
    immediateAction: text("immediate_action"),
    shortTerm: text("short_term"),
    mediumTerm: text("medium_term"),
    progressPercent: integer("progress_percent").notNull().default(0),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("challenges_quiz_response_id_idx").on(t.quizResponseId),
    index("challenges_user_id_idx").on(t.userId),
    check("challenges_progress_check", sql`${t.progressPercent} between 0 and 100`),
  ],
);

export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challengeId: uuid("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    milestoneType: text("milestone_type", { enum: milestoneTypes }).notNull(),
    milestoneDescription: text("milestone_description").notNull().default(""),
    milestoneDeadline: timestamp("milestone_deadline", { withTimezone: true }),
    milestoneCompleted: boolean("milestone_completed").notNull().default(false),
    /** When it was last completed (null while open): the weekly summary lists what he finished last week. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * Claim of the one todo generation that may run for this milestone: concurrent clicks wait for it instead of
     * spending again, and a claim older than the AI call's time limit is taken to be dead and may be taken over.
     */
    todosClaimId: uuid("todos_claim_id"),
    todosClaimedAt: timestamp("todos_claimed_at", { withTimezone: true }),
    /** The todos the running generation has written so far, shown while it streams (issue 28). */
    todosPreview: jsonb("todos_preview").$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("milestones_challenge_id_idx").on(t.challengeId),
    index("milestones_user_id_idx").on(t.userId),
    // The reminders' and partners' deadline window reads open milestones only (issue 58: 900k rows scanned at 100k men).
    // With what the window joins on (his id, the challenge, the milestone's id) in the key, it is read from the index
    // alone, not from ~8,000 scattered heap blocks (decision 0168).
    index("milestones_open_deadline_idx")
      .on(t.milestoneDeadline, t.userId, t.challengeId, t.id)
      .where(sql`not ${t.milestoneCompleted}`),
    // Partner news reads what was completed in the last days; most milestones are open, so those rows stay out.
    index("milestones_completed_at_idx").on(t.completedAt).where(sql`${t.completedAt} is not null`),
    unique("milestones_challenge_type_unique").on(t.challengeId, t.milestoneType),
    check("milestones_type_check", oneOf(t.milestoneType, milestoneTypes)),
  ],
);

export const todos = pgTable(
  "todos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => milestones.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    todoDescription: text("todo_description").notNull(),
    todoCompleted: boolean("todo_completed").notNull().default(false),
    /**
     * When it was ticked off (null while open): the weekly streak and the insights' activity grid count the days
     * he got something done (issue 27). Todos ticked before this column existed carry their last update time.
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("todos_milestone_id_idx").on(t.milestoneId),
    index("todos_user_id_idx").on(t.userId),
    index("todos_user_completed_idx").on(t.userId, t.completedAt),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    planId: text("plan_id").references(() => subscriptionPlans.id),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Stripe's flag: the subscription stops at current_period_end instead of renewing. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** When Stripe ended it (cancelled now, or at the end of a cancelled period). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId, t.status), index("subscriptions_plan_idx").on(t.planId)],
);

/** Checkout sessions and webhook events already fulfilled, so a repeat changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_user_idx").on(t.userId)],
);

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

// ---------------------------------------------------------------------------
// The community once it opens (issue 40)
// ---------------------------------------------------------------------------

/** A member let in from the waitlist: only members read and write the feed. */
export const communityMembers = pgTable("community_members", {
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
});

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

// ---------------------------------------------------------------------------
// Reminders and the calendar feed (issue 14)
// ---------------------------------------------------------------------------

/**
 * A user's reminder choices and the time zone his browser reported. No row means the defaults: every reminder on,
 * time zone not yet known.
 */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The e-mail the day before a milestone is due and the one on the day it falls overdue. */
    deadlineEmails: boolean("deadline_emails").notNull().default(true),
    /** The Monday-morning summary. */
    weeklySummary: boolean("weekly_summary").notNull().default(true),
    /** IANA time zone name from the browser (Intl), e.g. Europe/Berlin; null until the browser has sent one. */
    timeZone: text("time_zone"),
    /** The weekly nudge to check in his screen time (issue 55). */
    screenTimeCheckIn: boolean("screen_time_check_in").notNull().default(true),
    /** "22:45" on his clock: the evening's phone-down nudge (issue 55); null (the default) until he picks a time. */
    phoneDownAt: text("phone_down_at"),
    /** His partner sees his screen-time trend: off until he allows it. */
    partnerSeesScreenTime: boolean("partner_sees_screen_time").notNull().default(false),
    /**
     * The ISO week ("2026-W49") of his last weekly summary claimed, and of his last check-in nudge claimed: the job
     * reads only the men of a due zone not yet done this week (decision 0168). Kept by the claims; the delivery's
     * unique key, not these, is what makes "once".
     */
    weeklySummaryWeek: text("weekly_summary_week"),
    checkInWeek: text("check_in_week"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The evening tick reads only the men who picked a phone-down time.
    index("reminder_settings_phone_down_idx").on(t.phoneDownAt).where(sql`${t.phoneDownAt} is not null`),
    // The zones people are in (read in a few index probes), and per zone the men whose weekly summary or check-in
    // nudge is not yet claimed this week (decision 0168). The zone as the job reads it: UTC until known.
    index("reminder_settings_zone_summary_idx").on(
      sql`coalesce(${t.timeZone}, 'UTC')`,
      t.weeklySummary,
      sql`coalesce(${t.weeklySummaryWeek}, '')`,
      t.userId,
    ),
    index("reminder_settings_zone_check_in_idx")
      .on(sql`coalesce(${t.timeZone}, 'UTC')`, sql`coalesce(${t.checkInWeek}, '')`, t.userId)
      .where(sql`${t.screenTimeCheckIn}`),
  ],
);

/**
 * One row per reminder e-mail, claimed before it is sent: the unique key is what makes "never two copies" hold across
 * server instances and restarts. The subject names what the reminder is about (a milestone and its deadline date, or
 * the week of a summary), so a moved deadline earns a new reminder.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    subjectKey: text("subject_key").notNull(),
    /** Null while claimed and not yet handed to the mail server. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("reminder_deliveries_once").on(t.userId, t.kind, t.subjectKey),
    check("reminder_deliveries_kind_check", oneOf(t.kind, reminderKinds)),
  ],
);

/** The secret behind a user's private calendar (iCalendar) URL; renewing replaces it, revoking deletes the row. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A device's web push subscription (decision 0098): where its browser's push service takes messages for it (the
 * endpoint, a capability URL) and the keys that encrypt them to the browser (RFC 8291). One endpoint belongs to one
 * user at a time: the last one to switch push on in that browser.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text("p256dh").notNull(),
    /** The browser's 16-byte authentication secret, base64url. */
    auth: text("auth").notNull(),
    /** "Chrome on Android": read from the User-Agent when he switched it on, for telling his devices apart. */
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    /** When its push service last accepted a push for it. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------
// Accountability partners (issue 25, decision 0106)
// ---------------------------------------------------------------------------

/**
 * One person he chose to see his plan. The partner has no account: the link's secret is the key, stored as its
 * SHA-256 only (renewing replaces it, removing deletes the row, so the old link answers 404 at once).
 */
export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    /** Trimmed and lower-cased. */
    email: text("email").notNull(),
    /** SHA-256 (base64url) of the link's secret. */
    tokenHash: text("token_hash").notNull().unique(),
    /** When the current link was sent; it expires INVITATION_EXPIRY_DAYS later unless confirmed. */
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    /** When the partner confirmed ("I'll keep an eye on …"); until then only the invitation goes to his address. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    /** The partner stopped every e-mail of this partnership from an e-mail's link. */
    emailsStoppedAt: timestamp("emails_stopped_at", { withTimezone: true }),
    /** The ISO week of the last weekly summary claimed for this partner: the job skips partners done this week. */
    weeklySummaryWeek: text("weekly_summary_week"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("partners_user_email").on(t.userId, t.email),
    index("partners_user_idx").on(t.userId),
    // The partners still listening whose weekly summary is not yet claimed this week (decision 0168).
    index("partners_summary_week_idx")
      .on(sql`coalesce(${t.weeklySummaryWeek}, '')`, t.userId)
      .where(sql`${t.acceptedAt} is not null and ${t.emailsStoppedAt} is null`),
  ],
);

/** A short line a partner sent him, shown on his dashboard until he dismisses it. */
export const partnerCheers = pgTable(
  "partner_cheers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("partner_cheers_user_idx").on(t.userId, t.createdAt),
    index("partner_cheers_partner_idx").on(t.partnerId),
  ],
);

/** One row per e-mail to a partner, claimed before it is sent, as reminder_deliveries does for him. */
export const partnerDeliveries = pgTable(
  "partner_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: partnerDeliveryKinds }).notNull(),
    /** A milestone and its due day, a completed milestone, or the ISO week of a summary. */
    subjectKey: text("subject_key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("partner_deliveries_once").on(t.partnerId, t.kind, t.subjectKey),
    index("partner_deliveries_user_idx").on(t.userId),
    check("partner_deliveries_kind_check", oneOf(t.kind, partnerDeliveryKinds)),
  ],
);

// ---------------------------------------------------------------------------
// Proof (issue 26, decision 0107)
// ---------------------------------------------------------------------------

/**
 * What proves the run challenge or a milestone: the figures and the route's shape read from an activity file, or a
 * re-encoded photo in the proof storage (under `photo_key`). The uploaded file itself is never kept.
 */
export const proofs = pgTable(
  "proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runValidationId: uuid("run_validation_id")
      .unique()
      .references(() => runValidations.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id")
      .unique()
      .references(() => milestones.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: proofKinds }).notNull(),
    activity: jsonb("activity").$type<ActivityReading>(),
    photoKey: text("photo_key").unique(),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    /** The Strava activity it was read from (issue 56): deleted or made private there, it stops being proof here. */
    stravaActivityId: bigint("strava_activity_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("proofs_user_idx").on(t.userId),
    index("proofs_strava_activity_idx").on(t.stravaActivityId),
    check("proofs_kind_check", oneOf(t.kind, proofKinds)),
    check("proofs_one_subject", sql`(${t.runValidationId} is null) <> (${t.milestoneId} is null)`),
    check(
      "proofs_kind_fields",
      sql`(${t.kind} = 'activity' and ${t.activity} is not null and ${t.photoKey} is null) or (${t.kind} = 'photo' and ${t.photoKey} is not null and ${t.activity} is null and ${t.photoWidth} > 0 and ${t.photoHeight} > 0)`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// Strava (issue 56, decision 0165)
// ---------------------------------------------------------------------------

/**
 * His link to Strava: the athlete, the scope he granted and the tokens, encrypted (strava/token-crypto.ts). Strava
 * rotates the refresh token, so a refresh locks this row: another instance waits and reads the new pair. `busy_until`:
 * Strava's limits hold his events back until then ("Strava is busy, your run will appear shortly").
 */
export const stravaConnections = pgTable("strava_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  athleteId: bigint("athlete_id", { mode: "number" }).notNull().unique(),
  athleteName: text("athlete_name").notNull(),
  scope: text("scope").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A connect in flight: the `state` Strava hands back (kept as its SHA-256), bound to the man who asked, for ten
 * minutes and one use. A callback whose state is unknown, used, expired or another man's connects nothing.
 */
export const stravaConnectStates = pgTable(
  "strava_connect_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    returnTo: text("return_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("strava_connect_states_user_idx").on(t.userId)],
);

/**
 * Each activity Strava told us of, and what became of it (`outcome`, shared/strava/rules.ts). Only what the proof
 * needs is kept: its name and sport for his list, and the checked reading. `event_time`: the newest event applied, so
 * an older one retried late changes nothing.
 */
export const stravaActivities = pgTable(
  "strava_activities",
  {
    activityId: bigint("activity_id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    sport: text("sport").notNull().default(""),
    startedAt: timestamp("started_at", { withTimezone: true }),
    outcome: text("outcome", { enum: stravaOutcomes }).notNull(),
    reasonCode: text("reason_code"),
    reading: jsonb("reading").$type<ActivityReading>(),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    eventTime: bigint("event_time", { mode: "number" }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    index("strava_activities_user_idx").on(t.userId, t.receivedAt),
    index("strava_activities_milestone_idx").on(t.milestoneId),
    check("strava_activities_outcome_check", oneOf(t.outcome, stravaOutcomes)),
  ],
);

// ---------------------------------------------------------------------------
// Back on track (issue 27, decision 0108)
// ---------------------------------------------------------------------------

/**
 * A re-plan of a missed milestone: what got in the way, and the smaller next step the AI proposed. While one is
 * being written (`generating`) or waits for his answer (`proposed`) it is the only open one of its milestone, so ten
 * clicks make one proposal. `token_spent`: this proposal cost a token (a free account's second and later re-plans).
 */
export const milestoneReplans = pgTable(
  "milestone_replans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => milestones.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: replanStatuses }).notNull(),
    reason: text("reason", { enum: replanReasons }).notNull(),
    /** His own line about what got in the way; data for the AI, never an instruction. */
    reasonNote: text("reason_note"),
    proposal: jsonb("proposal").$type<ReplanProposal>(),
    /** The milestone as it was before he accepted (its text, date and the open todos the re-plan replaced). */
    replaced: jsonb("replaced").$type<ReplacedMilestone>(),
    tokenSpent: boolean("token_spent").notNull().default(false),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("milestone_replans_user_idx").on(t.userId),
    index("milestone_replans_milestone_idx").on(t.milestoneId),
    uniqueIndex("milestone_replans_one_open").on(t.milestoneId).where(sql`${t.status} in ('generating', 'proposed')`),
    check("milestone_replans_status_check", oneOf(t.status, replanStatuses)),
    check("milestone_replans_reason_check", oneOf(t.reason, replanReasons)),
    check("milestone_replans_proposal_check", sql`(${t.status} = 'generating') = (${t.proposal} is null)`),
  ],
);

// ---------------------------------------------------------------------------
// Shared build assets (issue 36, decision 0122)
// ---------------------------------------------------------------------------

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres sends a Buffer as bytes; another Uint8Array view it would send as text.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Every content-hashed file under /assets/ of every build that ran on this database in the last weeks, its .br/.gz
 * copies as rows of their own: during a rolling deploy a page of one build asks an instance of the other for a chunk
 * it does not have. A path names one content for ever (the hash is in the name), so a row is never updated but for
 * `last_seen_at`, which start-up refreshes and prunes by.
 */
export const staticAssets = pgTable("static_assets", {
  path: text("path").primaryKey(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Screen time and the evening (issue 55)
// ---------------------------------------------------------------------------

/**
 * One check-in per day on his clock: the figure he confirmed, read in his browser from his phone's own screen or typed.
 * Nothing of the picture is stored. His earliest day is his starting point.
 */
export const screenTimeDays = pgTable(
  "screen_time_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD on his clock. */
    day: text("day").notNull(),
    /** Minutes a day: that day's total, or the week's daily average (`period`). */
    minutes: integer("minutes").notNull(),
    period: text("period", { enum: screenTimePeriods }).notNull(),
    source: text("source", { enum: screenTimeSources }).notNull(),
    /** The apps his phone listed first, only if he kept them. */
    topApps: jsonb("top_apps").$type<TopApp[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("screen_time_days_minutes_check", sql`${t.minutes} between 0 and ${sql.raw(String(MINUTES_PER_DAY))}`),
    check("screen_time_days_period_check", oneOf(t.period, screenTimePeriods)),
    check("screen_time_days_source_check", oneOf(t.source, screenTimeSources)),
  ],
);

/** His one-tap "Phone down" answer to the evening's nudge: one per day on his clock; each counts toward his streak. */
export const phoneDownAnswers = pgTable(
  "phone_down_answers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD on his clock: the evening he answered for. */
    day: text("day").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
