import { randomUUID } from "node:crypto";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import { challenges, milestones, quizResponses } from "#server/db/schema.ts";
import { milestoneTypes } from "#shared/plan/rules.ts";
import type { GenerationState, PlanPreview } from "#shared/quiz/contracts.ts";
import type { GenerationStage } from "#shared/quiz/rules.ts";
import { quizMessages } from "#shared/quiz/rules.ts";
import { type GeneratedPlan, GenerationError, generatePlan, type PlanDone, type PlanSoFar } from "../ai/index.ts";
import { DomainError } from "../domain-error.ts";
import { LEASE_MS } from "./generation-keeper.ts";
import { type GenerationOptions, withModelGeneration } from "./model-generations.ts";
import { planContextFor } from "./plan-context.ts";
import { previewWrites } from "./preview-writes.ts";

/**
 * A run whose lease ran out this long ago and that no instance took over (none is running, or it died every time it
 * was tried) is taken to be dead: the processing screen offers 'Try Again'. While instances run, an abandoned run is
 * taken over within seconds (decision 0121), long before this.
 */
const STALE_RUN_MINUTES = 2;
/**
 * A run that is still 'running' but whose lease ran out more than STALE_RUN_MINUTES before `now` (a run from before
 * leases counts from its start). Leases are written with the same clock, the app's, so the age holds even when the
 * database's clock disagrees (decision 0100).
 */
export function staleRunCondition(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MINUTES * 60_000);
  return and(
    eq(quizResponses.generationStatus, "running"),
    lt(sql`coalesce(${quizResponses.generationLeaseUntil}, ${quizResponses.generationStartedAt})`, staleBefore),
  ) as SQL;
}

/** The state of this user's generation run, as the processing screen polls it. */
export async function readGenerationState(
  deps: Deps,
  userId: string,
  quizResponseId: string,
  now: Date = new Date(),
): Promise<GenerationState> {
  const [row] = await deps.database.db
    .select({
      status: quizResponses.generationStatus,
      stage: quizResponses.generationStage,
      error: quizResponses.generationError,
      preview: quizResponses.generationPreview,
      stale: sql<boolean>`${staleRunCondition(now)}`,
    })
    .from(quizResponses)
    .where(and(eq(quizResponses.id, quizResponseId), eq(quizResponses.userId, userId)));
  if (!row) throw new DomainError("quiz.notFound");
  // A run that died with its server reads as failed, so the processing screen offers 'Try Again' instead of waiting.
  if (row.stale) {
    return {
      status: "failed",
      stage: row.stage as GenerationStage | null,
      error: quizMessages.challengesFailed,
      preview: null,
    };
  }
  return {
    status: row.status,
    stage: row.stage as GenerationStage | null,
    error: row.error,
    // The preview is for the wait; a finished plan is read from the plan itself.
    preview: row.status === "running" ? row.preview : null,
  };
}

/**
 * Starts the generation of one quiz response unless it already runs or is done. The claim is one conditional
 * UPDATE, so of two simultaneous requests exactly one starts a run; the other (and any later one) starts nothing.
 * An instance that is stopping claims the run with its lease already over, so an instance that stays runs it.
 */
export async function startGeneration(deps: Deps, userId: string, quizResponseId: string): Promise<GenerationState> {
  const runId = randomUUID();
  const now = new Date();
  const draining = deps.generations.draining;
  const [claimed] = await deps.database.db
    .update(quizResponses)
    .set({
      generationStatus: "running",
      generationStage: "analyzing",
      generationError: null,
      generationStartedAt: now,
      generationRunId: runId,
      generationPreview: null,
      generationPartial: null,
      generationLeaseUntil: new Date(now.getTime() + (draining ? -1 : LEASE_MS)),
      generationAttempts: draining ? 0 : 1,
    })
    .where(
      and(
        eq(quizResponses.id, quizResponseId),
        eq(quizResponses.userId, userId),
        eq(quizResponses.status, "in_progress"),
        sql`(${quizResponses.generationStatus} in ('idle', 'failed') or ${staleRunCondition(now)})`,
      ),
    )
    .returning({ answers: quizResponses.answers });
  if (claimed && draining) {
    await deps.database.changes.publish("generations");
  } else if (claimed) {
    // The run continues after the response is sent; the client polls the generation state.
    void runGeneration(deps, { quizResponseId, runId, answers: claimed.answers, userId }, {});
  }
  return readGenerationState(deps, userId, quizResponseId, now);
}

export type Run = {
  quizResponseId: string;
  runId: string;
  userId: string;
  answers: { question: string; answer: string }[];
  /** The model generation an earlier holder of the run began, which this run continues (issue 52 row 9). */
  modelGenerationId?: string | null;
};

/** Writes only while this run still holds the claim, so a superseded run can never overwrite a newer one. */
function ownsClaim(run: Run) {
  return and(
    eq(quizResponses.id, run.quizResponseId),
    eq(quizResponses.generationRunId, run.runId),
    eq(quizResponses.generationStatus, "running"),
  );
}

/** What the processing screen shows of the plan so far: the mission's two lines, each challenge's title and text. */
function previewOf(plan: PlanSoFar): PlanPreview {
  return {
    mission: plan.mission
      ? { lifeMission: plan.mission.life_mission, missionStatement: plan.mission.mission_statement }
      : null,
    challenges: plan.challenges.map((c) => ({ title: c.title, description: c.description })),
  };
}

/** Thrown inside a run this instance gave back: it stops at the next step and writes nothing more. */
class HandedBack extends Error {}

/** Writes the plan step by step under the run's claim, from the steps `done` already holds (a run taken over). */
export async function runGeneration(deps: Deps, run: Run, done: PlanDone): Promise<void> {
  const db = deps.database.db;
  const log = deps.logger.child({ quizResponseId: run.quizResponseId, runId: run.runId });
  const started = performance.now();
  const held = deps.generations.hold(run.quizResponseId, run.runId);
  const stillOurs = () => {
    if (held.handedBack) throw new HandedBack();
  };
  // The plan so far, written only while this run holds the claim (a handful of writes per plan, never one per token).
  const preview = previewWrites<PlanPreview>(
    (generationPreview) =>
      held.handedBack ? Promise.resolve() : db.update(quizResponses).set({ generationPreview }).where(ownsClaim(run)),
    (err) => log.warn({ err }, "could not store the plan so far"),
  );
  // The plan's model generation is kept with the run, so whoever takes the run over continues it (issue 52 row 9).
  let modelGenerationId = run.modelGenerationId ?? undefined;
  const generation: GenerationOptions = {
    continues: run.modelGenerationId,
    recorded: async (tx, id) => {
      modelGenerationId = id;
      await tx
        .update(quizResponses)
        .set({
          generationPartial: sql`coalesce(${quizResponses.generationPartial}, '{}'::jsonb) || ${JSON.stringify({ modelGenerationId: id })}::jsonb`,
        })
        .where(ownsClaim(run));
    },
    // A run given back or taken over leaves its generation to the run that holds it now.
    records: async () =>
      !held.handedBack &&
      (await db.select({ id: quizResponses.id }).from(quizResponses).where(ownsClaim(run))).length > 0,
  };
  try {
    const context = await planContextFor(db, run.userId);
    const plan = await withModelGeneration(
      deps,
      run.userId,
      "plan",
      () =>
        generatePlan(
          deps.ai,
          run.answers,
          async (stage, soFar) => {
            stillOurs();
            // The completed steps are kept, so a run taken over by another instance does not ask for them again.
            const generationPartial =
              stage === "milestones"
                ? undefined
                : { mission: soFar.mission ?? undefined, challenges: soFar.challenges, modelGenerationId };
            await db
              .update(quizResponses)
              .set({ generationStage: stage, ...(generationPartial ? { generationPartial } : {}) })
              .where(ownsClaim(run));
          },
          context,
          (soFar) => preview.write(previewOf(soFar)),
          done,
        ),
      generation,
    );
    await preview.settled();
    stillOurs();
    const stored = await storePlan(deps, run, plan);
    log.info(
      { provider: deps.ai.name, ms: Math.round(performance.now() - started), stored },
      "quiz generation finished",
    );
  } catch (error) {
    await preview.settled();
    if (held.handedBack) {
      log.info("quiz generation given back to another instance");
      return;
    }
    const message =
      error instanceof GenerationError
        ? error.userMessage
        : error instanceof DomainError && error.code === "ai.dailyLimit"
          ? quizMessages.dailyLimit
          : quizMessages.challengesFailed;
    log.error({ err: error, provider: deps.ai.name }, "quiz generation failed");
    await db
      .update(quizResponses)
      .set({ generationStatus: "failed", generationError: message, generationPreview: null })
      .where(ownsClaim(run))
      .catch((err) => log.error({ err }, "could not record the failed generation"));
  } finally {
    held.release();
  }
}

/** Mission, challenges and milestones land together or not at all; the response becomes analyzed with them. */
async function storePlan(deps: Deps, run: Run, plan: GeneratedPlan): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const [response] = await tx
      .update(quizResponses)
      .set({
        status: "analyzed",
        completedAt: new Date(),
        generationStatus: "done",
        generationStage: "done",
        generationError: null,
        generationPreview: null,
        generationPartial: null,
        generationLeaseUntil: null,
        lifeMission: plan.mission.life_mission,
        lifeMissionForOthers: plan.mission.life_mission_for_others,
        missionStatement: plan.mission.mission_statement,
        vision: plan.mission.vision,
        aiAnalysis: {
          life_mission: plan.mission.life_mission,
          screen_to_action_plan: plan.mission.screen_to_action_plan,
          accountability_tracking: plan.mission.accountability_framework,
        },
        challengesGenerated: plan.challenges.map((c, i) => ({
          title: c.title,
          description: c.description,
          immediate_action: plan.milestones[i]?.immediate ?? "",
          short_term: plan.milestones[i]?.short_term ?? "",
          medium_term: plan.milestones[i]?.medium_term ?? "",
          progress_percent: 0,
          notes: "",
        })),
      })
      .where(ownsClaim(run))
      .returning({ id: quizResponses.id });
    if (!response) return false; // superseded by a newer run: it will store its own plan
    const rows = await tx
      .insert(challenges)
      .values(
        plan.challenges.map((c, position) => ({
          userId: run.userId,
          quizResponseId: run.quizResponseId,
          position,
          title: c.title,
          description: c.description,
          insight: c.insight,
          screenToAction: c.screen_to_action,
          accountabilityFramework: c.accountability_framework,
          immediateAction: plan.milestones[position]?.immediate,
          shortTerm: plan.milestones[position]?.short_term,
          mediumTerm: plan.milestones[position]?.medium_term,
        })),
      )
      .returning({ id: challenges.id, position: challenges.position });
    await tx.insert(milestones).values(
      rows.flatMap((row) => {
        const set = plan.milestones[row.position];
        if (!set) throw new GenerationError("milestone set missing", quizMessages.milestonesFailed);
        return milestoneTypes.map((milestoneType) => ({
          challengeId: row.id,
          userId: run.userId,
          milestoneType,
          milestoneDescription: set[milestoneType],
        }));
      }),
    );
    return true;
  });
}
