import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, partners, quizResponses } from "#server/db/schema.ts";
import { milestoneTypes } from "#shared/plan/rules.ts";
import { type GenerationState, type PlanPreview, quizMessages } from "#shared/quiz/contracts.ts";
import type { GenerationStage } from "#shared/quiz/rules.ts";
import { type GeneratedPlan, GenerationError, generatePlan, type PlanContext, type PlanSoFar } from "../ai/index.ts";
import { DomainError } from "../domain-error.ts";
import { withModelGeneration } from "./model-generations.ts";
import { previewWrites } from "./preview-writes.ts";

/** A run that has not finished after this long is taken to be dead (e.g. the server restarted) and may restart. */
const STALE_RUN_MINUTES = 5;

/**
 * A run that is still 'running' but started more than STALE_RUN_MINUTES before `now`. The start is written with the
 * same clock, the app's, so the age holds even when the database's clock disagrees (decision 0100).
 */
export function staleRunCondition(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MINUTES * 60_000);
  return and(eq(quizResponses.generationStatus, "running"), lt(quizResponses.generationStartedAt, staleBefore)) as SQL;
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
 */
export async function startGeneration(deps: Deps, userId: string, quizResponseId: string): Promise<GenerationState> {
  const runId = randomUUID();
  const now = new Date();
  const [claimed] = await deps.database.db
    .update(quizResponses)
    .set({
      generationStatus: "running",
      generationStage: "analyzing",
      generationError: null,
      generationStartedAt: now,
      generationRunId: runId,
      generationPreview: null,
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
  if (claimed) {
    // The run continues after the response is sent; the client polls the generation state.
    void runGeneration(deps, { quizResponseId, runId, answers: claimed.answers, userId });
  }
  return readGenerationState(deps, userId, quizResponseId, now);
}

type Run = { quizResponseId: string; runId: string; userId: string; answers: { question: string; answer: string }[] };

/** Writes only while this run still holds the claim, so a superseded run can never overwrite a newer one. */
function ownsClaim(run: Run) {
  return and(
    eq(quizResponses.id, run.quizResponseId),
    eq(quizResponses.generationRunId, run.runId),
    eq(quizResponses.generationStatus, "running"),
  );
}

/**
 * What the plan may know besides his answers: the first name of his accountability partner (issue 25), the one who
 * confirmed first if he has several, and none while invitations are unconfirmed. A plan written before is not
 * rewritten when a partner confirms later.
 */
async function planContextFor(db: Db, userId: string): Promise<PlanContext> {
  const [partner] = await db
    .select({ firstName: partners.firstName })
    .from(partners)
    .where(and(eq(partners.userId, userId), isNotNull(partners.acceptedAt)))
    .orderBy(asc(partners.acceptedAt))
    .limit(1);
  return partner ? { partnerFirstName: partner.firstName } : {};
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

async function runGeneration(deps: Deps, run: Run): Promise<void> {
  const db = deps.database.db;
  const log = deps.logger.child({ quizResponseId: run.quizResponseId, runId: run.runId });
  const started = performance.now();
  // The plan so far, written only while this run holds the claim (a handful of writes per plan, never one per token).
  const preview = previewWrites<PlanPreview>(
    (generationPreview) => db.update(quizResponses).set({ generationPreview }).where(ownsClaim(run)),
    (err) => log.warn({ err }, "could not store the plan so far"),
  );
  try {
    const context = await planContextFor(db, run.userId);
    const plan = await withModelGeneration(deps, run.userId, "plan", () =>
      generatePlan(
        deps.ai,
        run.answers,
        async (stage) => {
          await db.update(quizResponses).set({ generationStage: stage }).where(ownsClaim(run));
        },
        context,
        (soFar) => preview.write(previewOf(soFar)),
      ),
    );
    await preview.settled();
    const stored = await storePlan(deps, run, plan);
    log.info(
      { provider: deps.ai.name, ms: Math.round(performance.now() - started), stored },
      "quiz generation finished",
    );
  } catch (error) {
    const message =
      error instanceof GenerationError
        ? error.userMessage
        : error instanceof DomainError && error.code === "ai.dailyLimit"
          ? quizMessages.dailyLimit
          : quizMessages.challengesFailed;
    log.error({ err: error, provider: deps.ai.name }, "quiz generation failed");
    await preview.settled();
    await db
      .update(quizResponses)
      .set({ generationStatus: "failed", generationError: message, generationPreview: null })
      .where(ownsClaim(run))
      .catch((err) => log.error({ err }, "could not record the failed generation"));
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
        lifeMission: plan.mission.life_mission,
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
