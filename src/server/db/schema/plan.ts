import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { milestoneTypes } from "#shared/plan/rules.ts";
import { type ReplacedMilestone, type ReplanProposal, replanReasons, replanStatuses } from "#shared/replan/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";
import { quizResponses } from "./quiz.ts";

// His plan: challenges, milestones, todos, and the re-plans of missed milestones (issue 27, decision 0108).

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
    /**
     * The deadline reminder last settled for it, its kind and due day ("overdue:2026-11-29"): claimed, or passed over
     * because he could not be sent it then (decision 0182). The job reads only open deadlines not yet settled for the
     * reminder due now; moving the deadline changes the day, so it earns new reminders.
     */
    deadlineReminder: text("deadline_reminder"),
    /**
     * The partner news last settled for it, "completed" or "overdue:2026-11-29" (the overdue news' due day): claimed
     * for his listening partners, or passed over because none could hear it then (decision 0185). The job reads only
     * the completions and overdue deadlines not yet settled for that news.
     */
    partnerNews: text("partner_news"),
    /**
     * A copy of his reminder time zone (null: UTC, as on his settings), kept by the database on every milestone written
     * and every change of his zone (decision 0188): the deadline and partner-news reads find a zone's milestones in
     * their indexes, only where it is daytime, instead of reading the night's and dropping them by his clock.
     */
    timeZone: text("time_zone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // The reminders' and partners' deadline reads take open milestones only (issue 58: 900k rows scanned at 100k
    // men), from the index alone: what they join on (his id, the challenge, the milestone's id) is in the key (decision
    // 0168). The marker of what was settled and his zone come first (decision 0188): per daytime zone, each read
    // probes the deadlines of its days not yet settled for the reminder due, so neither the night's nor the settled
    // are read. Each index leads with its own marker, so neither can serve the other's read by skipping through it.
    const openDeadlinesBy = (name: string, marker: typeof t.deadlineReminder | typeof t.partnerNews) =>
      index(name)
        .on(
          sql`coalesce(${marker}, '')`,
          sql`coalesce(${t.timeZone}, 'UTC')`,
          t.milestoneDeadline,
          t.userId,
          t.challengeId,
          t.id,
        )
        .where(sql`not ${t.milestoneCompleted}`);
    return [
      // By challenge: milestones_challenge_type_unique (challenge_id, milestone_type) leads with it (decision 0191).
      index("milestones_user_id_idx").on(t.userId),
      openDeadlinesBy("milestones_deadline_reminders_idx", t.deadlineReminder),
      openDeadlinesBy("milestones_partner_overdue_idx", t.partnerNews),
      // Partner news reads what was completed in the last days and is not yet settled for it (decision 0185): a
      // completion leaves the index once its news is claimed or passed over. Per zone, the daytime ones only (0188).
      index("milestones_partner_completed_idx")
        .on(sql`coalesce(${t.timeZone}, 'UTC')`, t.completedAt, t.userId, t.challengeId, t.id)
        .where(sql`${t.milestoneCompleted} and ${t.partnerNews} is distinct from 'completed'`),
      unique("milestones_challenge_type_unique").on(t.challengeId, t.milestoneType),
      check("milestones_type_check", oneOf(t.milestoneType, milestoneTypes)),
    ];
  },
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
    // By man (his todos, his account's deletion) and by his open ones: one index for both (decision 0191).
    index("todos_user_completed_idx").on(t.userId, t.completedAt),
  ],
);

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
