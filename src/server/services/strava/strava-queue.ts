import type PgBoss from "pg-boss";
import type { Logger } from "#server/logger.ts";
import { untilNotRaced } from "../outbox/queue.ts";
import type { StravaDeps } from "./connection.ts";
import { handleStravaEvent, StravaBusy } from "./events.ts";
import { type WebhookEvent as StravaEvent, webhookEventSchema } from "./strava-payloads.ts";

export const STRAVA_EVENTS = "strava-events";

/** Where the webhook puts an event: into the job queue, durably, before Strava hears 200. */
export type StravaEventSink = { enqueue(event: StravaEvent): Promise<void> };

/** Before the queue is up (start-up) an event is refused: Strava sends it again (decision 0165). */
export const notYetReceiving: StravaEventSink = {
  enqueue: () => Promise.reject(new Error("the Strava event queue is not started")),
};

/**
 * The Strava events on pg-boss, beside the reminders (one boss per instance): every instance works the queue, a job
 * of a stopped instance expires and is taken by another, and failures retry with backoff. Strava's limits are not a
 * failure: the event is sent again for the moment the limits allow, whatever how many times (no retry count to run
 * out), and the job that hit them completes.
 */
export async function startStravaWorker(
  boss: PgBoss,
  deps: StravaDeps,
  sink: { enqueue: StravaEventSink["enqueue"] },
  options: { logger: Pick<Logger, "info" | "warn">; pollingIntervalSeconds?: number; now?: () => Date },
): Promise<void> {
  // Instances starting together on an empty database race to create it, as the reminders' queues do.
  await untilNotRaced(
    () =>
      boss.createQueue(STRAVA_EVENTS, {
        name: STRAVA_EVENTS,
        retryLimit: 10,
        retryDelay: 15,
        retryBackoff: true,
        expireInSeconds: 120,
      }),
    options.logger,
    `create ${STRAVA_EVENTS}`,
  );
  sink.enqueue = async (event) => {
    await boss.send(STRAVA_EVENTS, event);
  };
  const now = options.now ?? (() => new Date());
  await boss.work<StravaEvent>(
    STRAVA_EVENTS,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 5 },
    async (jobs) => {
      for (const job of jobs) {
        const event = webhookEventSchema.parse(job.data);
        try {
          const outcome = await handleStravaEvent(deps, event, now());
          options.logger.info(
            { strava: { activity: event.object_id, aspect: event.aspect_type, outcome } },
            "Strava event",
          );
        } catch (err) {
          if (!(err instanceof StravaBusy)) throw err;
          // In seconds from now: the queue counts on the database's clock, which need not be this instance's.
          const seconds = Math.max(1, Math.ceil((err.retryAt.getTime() - now().getTime()) / 1000));
          await boss.send(STRAVA_EVENTS, event, { startAfter: seconds });
          options.logger.warn({ retryAt: err.retryAt.toISOString() }, "Strava is busy: the event waits for its limits");
        }
      }
    },
  );
}
