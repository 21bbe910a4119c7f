import type { Logger } from "#server/logger.ts";
import { type ClaimOptions, TICK_MS, TickBudget, type TickClock } from "./claims.ts";

/**
 * A send job, as pg-boss stores it (JSON). Each kind knows its own by its keys (OutboxKind.owns). The shapes are
 * those queued before the outbox (decision 0172), kept so that a job queued before a deploy is sent after it: one of
 * his reminders `{deliveryId}`, an e-mail to an accountability partner `{partnerDeliveryId}` (issue 25, decision
 * 0106), his daily community digest claimed at `claimedAt` `{digestUserId, claimedAt}` (issue 40, decision 0137),
 * which a retry sends as of that moment, or an evening nudge `{eveningDeliveryId}` (issue 55, decision 0161).
 */
export type SendJob = Readonly<Record<string, string>>;

/** One claim of a planning tick, and the send job of each id it claims. */
export type ClaimStep = {
  name: string;
  claim: (now: Date, options: ClaimOptions) => Promise<string[]>;
  job: (id: string, now: Date) => SendJob;
};

export type RetryPolicy = { attempts: number; backoffMs: number };

/**
 * A claim that throws (a lost connection, a deadlock with another instance, a statement the database refused) is
 * tried again a little later, twice; the schedule's next tick, minutes on, is the retry after that.
 */
const CLAIM_RETRY: RetryPolicy = { attempts: 3, backoffMs: 2_000 };

/**
 * What a tick did: rows claimed per claim, the claims that failed, and `resume`: the claim where the tick stopped at
 * its budget having claimed something. More may be due there and in the claims after it, so the queue plans again at
 * once from that claim (decision 0176); the claims before it had read all that was due and are the schedule's again.
 * A full tick that claimed nothing (every row it read taken by another instance meanwhile) does not ask for another:
 * the schedule's next tick comes anyway, and a loop of ticks that claim nothing cannot start.
 */
export type TickReport = { claimed: Record<string, number>; failed: string[]; resume: string | null };

/** The rows a tick claimed, all its claims together. */
export const claimedIn = (report: Pick<TickReport, "claimed">) =>
  Object.values(report.claimed).reduce((sum, n) => sum + n, 0);

/**
 * Ticks one after the other as the queue chains them, each from the claim where the one before stopped, until one
 * stopped nowhere: what `Outbox.planNow` and the benchmark run at one moment. Answers every tick's report.
 */
export async function planUntilDone(tick: (from?: string) => Promise<TickReport>): Promise<TickReport[]> {
  const reports: TickReport[] = [];
  let from: string | undefined;
  do {
    const report = await tick(from);
    reports.push(report);
    from = report.resume ?? undefined;
  } while (from);
  return reports;
}

type TickDeps = {
  /** Queues the send jobs of one committed batch. */
  enqueue: (jobs: SendJob[]) => Promise<void>;
  logger: Pick<Logger, "warn" | "error">;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  /** Due rows one tick reads and claims, all claims together (TICK_ROWS by default). */
  tickRows?: number;
  /** The tick's time: it starts no read after `ms` on `clock` (TICK_MS on performance.now by default, decision 0191). */
  tickTime?: { ms: number; clock: TickClock };
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One planning tick: each claim its own step, one after the other (two cores, one database: no point racing them),
 * all of them within one budget of due rows and time (TickBudget: once it is spent no claim reads this tick), from
 * the claim `from` where the tick before stopped (all of them for a scheduled tick). A claim reads a chunk of its due
 * rows at a time and is run again while it finds more and the budget lasts (decision 0191). Each run is retried with
 * backoff when it throws, and never skipped because another failed (issue 58: a failed reminders claim used to take
 * that tick's partner e-mails and digests with it). What a failing attempt had committed stays claimed and queued;
 * the retry's "no claim yet" goes on from there.
 */
export async function planTick(steps: ClaimStep[], now: Date, deps: TickDeps, from?: string): Promise<TickReport> {
  const { attempts, backoffMs } = deps.retry ?? CLAIM_RETRY;
  const sleep = deps.sleep ?? pause;
  const report: TickReport = { claimed: {}, failed: [], resume: null };
  const budget = new TickBudget(deps.tickRows, deps.tickTime ?? { ms: TICK_MS, clock: () => performance.now() });
  // A claim no longer listed (renamed by a deploy between two ticks) resumes from the first.
  const start = Math.max(
    0,
    steps.findIndex((step) => step.name === from),
  );
  let cut: string | null = null;
  for (const step of steps.slice(start)) {
    // Spent: this claim and the ones after it are the next tick's, which this one asks for.
    if (budget.spent) {
      cut = step.name;
      break;
    }
    let claimed = 0;
    const onBatch = async (ids: string[]) => {
      await deps.enqueue(ids.map((id) => step.job(id, now)));
      claimed += ids.length;
    };
    let failed = false;
    do {
      for (let attempt = 1; ; attempt++) {
        try {
          budget.forgetMore();
          await step.claim(now, { onBatch, budget });
          break;
        } catch (error) {
          if (attempt >= attempts) {
            deps.logger.error(
              { err: error, claim: step.name, attempt },
              `planning ${step.name} failed; next tick tries again`,
            );
            report.failed.push(step.name);
            failed = true;
            break;
          }
          deps.logger.warn({ err: error, claim: step.name, attempt }, `planning ${step.name} failed; trying again`);
          await sleep(backoffMs * 2 ** (attempt - 1));
        }
      }
    } while (!failed && budget.more && !budget.spent);
    report.claimed[step.name] = claimed;
    if (!failed && budget.more) {
      cut = step.name;
      break;
    }
  }
  // A tick that claimed nothing and marked nothing made no progress: asking for another would loop.
  if (claimedIn(report) > 0 || budget.decided > 0) report.resume = cut;
  return report;
}

/** The value a send job carries under `key`, which the kind's `owns` found there. */
export function jobField(job: SendJob, key: string): string {
  const value = job[key];
  if (typeof value !== "string") throw new Error(`a send job without its ${key}: ${JSON.stringify(job)}`);
  return value;
}
