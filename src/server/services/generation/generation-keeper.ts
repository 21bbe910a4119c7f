import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { quizResponses } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";

/** How long a run stays this instance's without a renewal; past it any instance takes the run over. */
export const LEASE_MS = 10_000;
/** Renewed three times per lease, so one slow renewal (a busy database) does not lose it. */
const RENEW_EVERY_MS = LEASE_MS / 3;

export type HeldRun = {
  readonly quizResponseId: string;
  readonly runId: string;
  /** True once this instance gave the run back (it is stopping): the run writes nothing more, not even a failure. */
  readonly handedBack: boolean;
};

/**
 * The plan runs this instance holds (issue 36, decision 0121). A run is a lease on its quiz response, not a
 * promise in this process: it is renewed here every few seconds, and when this process dies the lease runs out and
 * another instance takes the run over; when this process stops, it gives its runs back at once (`handBack`).
 */
export function createGenerationKeeper(deps: { database: Database; logger: Logger }) {
  const held = new Map<string, { quizResponseId: string; runId: string; handedBack: boolean }>();
  let draining = false;
  let timer: NodeJS.Timeout | undefined;

  async function renew() {
    const runIds = [...held.values()].filter((r) => !r.handedBack).map((r) => r.runId);
    if (runIds.length === 0) return;
    await deps.database.db
      .update(quizResponses)
      .set({ generationLeaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(and(inArray(quizResponses.generationRunId, runIds), eq(quizResponses.generationStatus, "running")))
      .catch((err) => deps.logger.warn({ err }, "could not renew the plan runs' lease"));
  }

  function schedule() {
    if (timer || held.size === 0) return;
    timer = setInterval(() => void renew(), RENEW_EVERY_MS);
    timer.unref();
  }

  return {
    /** New runs are not taken while stopping: they go to an instance that stays. */
    get draining() {
      return draining;
    },
    /** Keeps the run's lease alive until `release` (the run ended: stored, failed, or superseded). */
    hold(quizResponseId: string, runId: string): HeldRun & { release(): void } {
      const run = { quizResponseId, runId, handedBack: false };
      held.set(runId, run);
      schedule();
      return {
        quizResponseId,
        runId,
        get handedBack() {
          return run.handedBack;
        },
        release() {
          held.delete(runId);
          if (held.size === 0) {
            clearInterval(timer);
            timer = undefined;
          }
        },
      };
    },
    /**
     * Stopping: every run held here is given back (its lease ends now) and the other instances are told, so one of
     * them goes on at once from the steps already stored. Answers how many were given back.
     */
    async handBack(): Promise<number> {
      draining = true;
      clearInterval(timer);
      timer = undefined;
      const runs = [...held.values()];
      for (const run of runs) run.handedBack = true;
      if (runs.length === 0) return 0;
      await deps.database.db
        .update(quizResponses)
        // Given back, not died: the taker's count of attempts goes back to what it was.
        // Ended just now, not long ago: a lease long over would read as a dead run (staleRunCondition).
        .set({
          generationLeaseUntil: new Date(Date.now() - 1),
          generationAttempts: sql`${quizResponses.generationAttempts} - 1`,
        })
        .where(
          and(
            inArray(
              quizResponses.generationRunId,
              runs.map((r) => r.runId),
            ),
            eq(quizResponses.generationStatus, "running"),
          ),
        );
      await deps.database.changes.publish("generations");
      return runs.length;
    },
  };
}

export type GenerationKeeper = ReturnType<typeof createGenerationKeeper>;
