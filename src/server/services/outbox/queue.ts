import PgBoss from "pg-boss";
import type { Database } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { type ClaimStep, claimedIn, planTick, planUntilDone, type RetryPolicy, type SendJob } from "./plan-tick.ts";

const PLAN = "reminders-plan";
const SEND = "reminders-send";

export type Outbox = {
  /**
   * Plans now (what the schedule does every few minutes), tick after tick until nothing more is due; answers how many
   * e-mails (and nudges) it claimed.
   */
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
  /** Due rows one tick claims before the next is queued (TICK_ROWS by default). */
  tickRows?: number;
  /** The scheduled ticks' clock: the real one, except in a test that plans at a moment of its own. */
  clock?: () => Date;
};

/** unique_violation and deadlock_detected: how a step of pg-boss's first setup loses a race with another instance's. */
const LOST_RACE = new Set(["23505", "40P01"]);

/**
 * A step of pg-boss's setup, run again if it lost a race with the same step on another instance, which then did the
 * work: the step finds it done. pg-boss 10 is not safe for instances starting together on an empty database (issue
 * 36; queue-start.test.ts): its first start creates its schema under an advisory lock, yet the instance that
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
 * pg-boss on the app's database, started, with the outbox's queues created. A failed start cannot be repeated on the
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
 * What an area hands the outbox: its claims, which each tick runs in this order, and the sending of its send jobs. The
 * outbox imports no area; the composition root (src/server/outbox-kinds.ts) lists the kinds.
 */
export type OutboxKind = {
  claims: ClaimStep[];
  /** Whether a queued send job is this kind's, read from its shape (see SendJob). */
  owns: (job: SendJob) => boolean;
  /** Sends one job (its own claim machinery makes a second send a no-op) and logs the outcome; throws to be retried. */
  send: (job: SendJob) => Promise<void>;
};

/**
 * The e-mail jobs on pg-boss, in the app's own database (PostgreSQL or PGlite), decision 0094. Every instance runs
 * the same schedule and workers; pg-boss makes one job of each scheduled minute, and the delivery rows make each
 * e-mail go out once whichever instance plans or sends it. The queues keep the names they had as the reminders'
 * (decision 0172): jobs queued before a deploy are in them.
 */
export async function startOutbox(
  deps: { database: Pick<Database, "executeSql">; logger: Logger },
  kinds: OutboxKind[],
  options: QueueOptions,
): Promise<Outbox> {
  const { database, logger } = deps;
  const boss = await startBoss(database, logger);

  // Every kind's claims are planned in the same minute and sent by the same worker, with the same retries. Each
  // batch's send jobs are queued as soon as it is claimed (planTick).
  const steps = kinds.flatMap((kind) => kind.claims);
  const plan = (now: Date, from?: string) =>
    planTick(
      steps,
      now,
      {
        logger,
        retry: options.claimRetry,
        tickRows: options.tickRows,
        enqueue: async (jobs) => {
          await boss.insert(jobs.map((data) => ({ name: SEND, data })));
        },
      },
      from,
    );
  const planNow = async (now = new Date()) =>
    (await planUntilDone((from) => plan(now, from))).reduce((sum, report) => sum + claimedIn(report), 0);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<{ from?: unknown }>(PLAN, polling, async ([job]) => {
    // A scheduled tick has no data; a tick queued by one that stopped at its budget says where to go on.
    const from = typeof job?.data?.from === "string" ? job.data.from : undefined;
    const report = await plan(options.clock?.() ?? new Date(), from);
    if (claimedIn(report) > 0)
      logger.info(
        { reminders: claimedIn(report), claimed: report.claimed, resume: report.resume },
        "reminders planned",
      );
    // A tick that stopped at its budget: the next one is queued now, for whichever instance's worker takes it first
    // (the queue's singleton policy runs it once this one has finished), instead of at the schedule's next minute.
    if (report.resume) await boss.send(PLAN, { from: report.resume });
    // Each failure is logged already; failing the job as well shows it in pg-boss's own state.
    if (report.failed.length > 0) throw new Error(`planning failed for ${report.failed.join(", ")}`);
  });
  await boss.work<SendJob>(SEND, { ...polling, batchSize: 10 }, async (jobs) => {
    for (const job of jobs) {
      const kind = kinds.find((k) => k.owns(job.data));
      if (!kind) throw new Error(`no kind of the outbox sends the job ${JSON.stringify(job.data)}`);
      await kind.send(job.data);
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
