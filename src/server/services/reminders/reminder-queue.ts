import PgBoss from "pg-boss";
import type { Database } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { deliverDigest } from "../community/digest.ts";
import { deliverEveningNudge } from "../evening/deliver.ts";
import { deliverPartnerEmail } from "../partners/partner-deliver.ts";
import { deliverReminder, type ReminderDeps } from "./deliver.ts";
import { claimSteps, planTick, type RetryPolicy, type SendJob } from "./plan-tick.ts";

const PLAN = "reminders-plan";
const SEND = "reminders-send";

export type ReminderQueue = {
  /** Plans now (what the schedule does every few minutes); answers how many e-mails (his and his partners') it claimed. */
  planNow(now?: Date): Promise<number>;
  /** The instance's pg-boss, which the Strava events' worker shares (one boss per instance). */
  boss: PgBoss;
  stop(): Promise<void>;
};

type QueueOptions = {
  /** When the planner runs (cron, UTC); every five minutes by default. */
  cron: string;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /** How often a failing claim is tried within one tick (CLAIM_RETRY by default). */
  claimRetry?: RetryPolicy;
};

/** unique_violation and deadlock_detected: how a step of pg-boss's first setup loses a race with another instance's. */
const LOST_RACE = new Set(["23505", "40P01"]);

/**
 * A step of pg-boss's setup, run again if it lost a race with the same step on another instance, which then did the
 * work: the step finds it done. pg-boss 10 is not safe for instances starting together on an empty database (issue
 * 36; reminder-queue-start.test.ts): its first start creates its schema under an advisory lock, yet the instance that
 * waited on that lock still fails on a duplicate key in pg_namespace; and two creations of one queue deadlock, each
 * holding a lock on the queue table the other's new partition needs.
 */
export async function untilNotRaced<T>(step: () => Promise<T>, logger: Pick<Logger, "info">, what: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 3 || !LOST_RACE.has((error as { code?: string }).code ?? "")) throw error;
      logger.info({ attempt }, `another instance did "${what}" of the reminder queue at the same moment; again`);
    }
  }
}

/**
 * pg-boss on the app's database, started, with the reminder queues created. A failed start cannot be repeated on the
 * same PgBoss, so each attempt has a new one.
 */
export async function startBoss(
  database: Pick<Database, "executeSql">,
  logger: Pick<Logger, "error" | "info">,
  options: Pick<PgBoss.ConstructorOptions, "supervise" | "schedule"> = {},
): Promise<PgBoss> {
  const boss = await untilNotRaced(
    () => {
      const boss = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: never[] }> },
        schema: "pgboss",
        // Finished jobs are kept a day for an operator to look at, then removed.
        deleteAfterDays: 1,
        // A scheduled minute turns into a job within seconds (pg-boss checks every 30 s by default).
        cronMonitorIntervalSeconds: 10,
        ...options,
      });
      boss.on("error", (error) => logger.error({ err: error }, "reminder queue error"));
      return boss.start();
    },
    logger,
    "start",
  );
  // Retries with backoff ride out a mail server that is briefly down; the plan repeats anyway.
  await untilNotRaced(
    () => boss.createQueue(PLAN, { name: PLAN, policy: "singleton", retryLimit: 0, expireInSeconds: 240 }),
    logger,
    `create ${PLAN}`,
  );
  await untilNotRaced(
    () =>
      boss.createQueue(SEND, { name: SEND, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 }),
    logger,
    `create ${SEND}`,
  );
  return boss;
}

/**
 * The reminder jobs on pg-boss, in the app's own database (PostgreSQL or PGlite), decision 0094. Every instance
 * runs the same schedule and workers; pg-boss makes one job of each scheduled minute, and the delivery rows make
 * each e-mail go out once whichever instance plans or sends it.
 */
export async function startReminderQueue(
  deps: ReminderDeps & { database: Database },
  options: QueueOptions,
): Promise<ReminderQueue> {
  const { database, logger } = deps;
  const boss = await startBoss(database, logger);

  // His partners' e-mails and the community digests are planned in the same minute and sent by the same worker, with
  // the same retries. Each batch's send jobs are queued as soon as it is claimed (planTick).
  const steps = claimSteps(database.db);
  const plan = (now: Date) =>
    planTick(steps, now, {
      logger,
      retry: options.claimRetry,
      enqueue: async (jobs) => {
        await boss.insert(jobs.map((data) => ({ name: SEND, data })));
      },
    });
  const total = (report: { claimed: Record<string, number> }) =>
    Object.values(report.claimed).reduce((sum, n) => sum + n, 0);
  const planNow = async (now = new Date()) => total(await plan(now));
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(PLAN, polling, async () => {
    const report = await plan(new Date());
    if (total(report) > 0) logger.info({ reminders: total(report), claimed: report.claimed }, "reminders planned");
    // Each failure is logged already; failing the job as well shows it in pg-boss's own state.
    if (report.failed.length > 0) throw new Error(`planning failed for ${report.failed.join(", ")}`);
  });
  await boss.work<SendJob>(SEND, { ...polling, batchSize: 10 }, async (jobs) => {
    for (const job of jobs) {
      if ("digestUserId" in job.data) {
        const outcome = await deliverDigest(deps, job.data.digestUserId, new Date(job.data.claimedAt));
        logger.info({ communityDigest: { userId: job.data.digestUserId, outcome } }, "community digest delivery");
        continue;
      }
      if ("partnerDeliveryId" in job.data) {
        const id = job.data.partnerDeliveryId;
        const outcome = await deliverPartnerEmail(deps, id, new Date());
        logger.info({ partnerEmail: { id, outcome } }, "partner e-mail delivery");
        continue;
      }
      if ("eveningDeliveryId" in job.data) {
        const id = job.data.eveningDeliveryId;
        const outcome = await deliverEveningNudge(deps, id, new Date());
        logger.info({ reminder: { id, outcome } }, "evening nudge delivery");
        continue;
      }
      const outcome = await deliverReminder(deps, job.data.deliveryId, new Date());
      logger.info({ reminder: { id: job.data.deliveryId, outcome } }, "reminder delivery");
    }
  });
  await boss.schedule(PLAN, options.cron);

  return {
    planNow,
    boss,
    async stop() {
      // close: false, the database is the app's and closes after the queue.
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
    },
  };
}
