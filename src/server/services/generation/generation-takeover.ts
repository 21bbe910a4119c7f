import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import { modelGenerations, quizResponses } from "#server/db/schema.ts";
import { quizMessages } from "#shared/quiz/rules.ts";
import type { PlanDone } from "../ai/index.ts";
import { strictSchemas } from "../ai/schema.ts";
import { LEASE_MS } from "./generation-keeper.ts";
import { runGeneration } from "./generation-runner.ts";

// Plan runs outlive the instance that started them (issue 36, decision 0121): the lease mechanics of taking over a
// run whose instance went away. What a run writes is generation-runner.ts's.

/** A run that died (its instance stopped without giving it back) this many times ends as failed. */
const MAX_ATTEMPTS = 3;
/** Runs one instance takes over at a time; the rest wait for the next look or another instance. */
const TAKE_AT_ONCE = 4;

/**
 * Takes over runs whose lease ran out (their instance died, or gave them back as it stopped) and runs them here,
 * from the steps they had completed (issue 36, decision 0121). The pick is `FOR UPDATE SKIP LOCKED`, so two
 * instances looking at once take different runs. A run that died MAX_ATTEMPTS times ends as failed instead. Answers
 * how many runs were taken.
 */
export async function takeOverAbandonedRuns(deps: Deps, now: Date = new Date()): Promise<number> {
  const db = deps.database.db;
  const abandoned = and(
    eq(quizResponses.generationStatus, "running"),
    or(isNull(quizResponses.generationLeaseUntil), lt(quizResponses.generationLeaseUntil, now)),
  );
  const failed = await db
    .update(quizResponses)
    .set({ generationStatus: "failed", generationError: quizMessages.challengesFailed, generationPreview: null })
    .where(and(abandoned, gte(quizResponses.generationAttempts, MAX_ATTEMPTS)))
    .returning({ id: quizResponses.id, partial: quizResponses.generationPartial });
  for (const { id } of failed) deps.logger.error({ quizResponseId: id }, "quiz generation died too often; failed");
  // Their model generation, begun by an instance that died, is ended with them: it was counted once, as failed.
  const dead = failed.flatMap(({ partial }) => (partial?.modelGenerationId ? [partial.modelGenerationId] : []));
  if (dead.length > 0) {
    await db
      .update(modelGenerations)
      .set({ status: "failed" })
      .where(and(inArray(modelGenerations.id, dead), eq(modelGenerations.status, "running")));
  }

  const runId = randomUUID();
  const pick = db
    .select({ id: quizResponses.id })
    .from(quizResponses)
    .where(and(abandoned, lt(quizResponses.generationAttempts, MAX_ATTEMPTS)))
    .orderBy(asc(quizResponses.generationLeaseUntil))
    .limit(TAKE_AT_ONCE)
    .for("update", { skipLocked: true });
  const taken = await db
    .update(quizResponses)
    // One run id for the runs taken together is enough: each is claimed on its own quiz response.
    .set({
      generationRunId: runId,
      generationLeaseUntil: new Date(now.getTime() + LEASE_MS),
      generationAttempts: sql`${quizResponses.generationAttempts} + 1`,
    })
    .where(inArray(quizResponses.id, pick))
    .returning({
      id: quizResponses.id,
      userId: quizResponses.userId,
      answers: quizResponses.answers,
      partial: quizResponses.generationPartial,
    });
  for (const row of taken) {
    deps.logger.info({ quizResponseId: row.id, runId }, "quiz generation taken over");
    void runGeneration(
      deps,
      {
        quizResponseId: row.id,
        runId,
        answers: row.answers,
        userId: row.userId,
        modelGenerationId: row.partial?.modelGenerationId ?? null,
      },
      doneSteps(row.partial),
    );
  }
  return taken.length;
}

/** The steps stored by the run's earlier holder, each only if it still reads as valid; anything else is asked again. */
function doneSteps(partial: { mission?: unknown; challenges?: unknown[] } | null): PlanDone {
  const mission = strictSchemas.mission.safeParse(partial?.mission);
  if (!mission.success) return {};
  const challenges = strictSchemas.challenges.shape.challenges.safeParse(partial?.challenges);
  return challenges.success ? { mission: mission.data, challenges: challenges.data } : { mission: mission.data };
}

/**
 * Every instance looks for abandoned runs every few seconds, and at once when another instance says it gave runs
 * back. Stops when the instance drains. Looks never overlap.
 */
export function startGenerationTakeovers(deps: Deps, options: { intervalMs?: number } = {}) {
  let looking: Promise<void> | null = null;
  // A hand-back heard while a look runs may have come after that look's pick: one more look follows it.
  let again = false;
  let stopped = false;
  const look = () => {
    if (stopped || deps.generations.draining) return;
    if (looking) {
      again = true;
      return;
    }
    looking = takeOverAbandonedRuns(deps)
      .then(() => {})
      .catch((err) => deps.logger.warn({ err }, "could not look for abandoned plan runs"))
      .finally(() => {
        looking = null;
        if (again) {
          again = false;
          look();
        }
      });
  };
  const unsubscribe = deps.database.changes.subscribe("generations", look);
  const timer = setInterval(look, options.intervalMs ?? 2_000);
  timer.unref();
  look();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await looking;
    },
  };
}
