import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { type PlanPreview, type QuizAnswer, quizStatuses } from "#shared/quiz/contracts.ts";
import { generationStatuses } from "#shared/quiz/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

// The self-assessment and the plans written from it: quiz responses and model generations.

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
