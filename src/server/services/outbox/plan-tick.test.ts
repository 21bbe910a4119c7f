import { describe, expect, it } from "vitest";
import { captureLog } from "#tests/support/captured-log.ts";
import { CHUNK_ROWS, TICK_MS } from "./claims.ts";
import { type ClaimStep, planTick, type SendJob } from "./plan-tick.ts";

/** A claim that answers `ids` in batches of two, through the queue's onBatch, as the real claims do. */
function step(name: string, ids: string[], fail: (attempt: number) => boolean = () => false) {
  const calls: number[] = [];
  const claim: ClaimStep["claim"] = async (_now, options) => {
    calls.push(calls.length + 1);
    if (fail(calls.length)) throw new Error(`${name} claim refused by the database`);
    for (let i = 0; i < ids.length; i += 2) await options.onBatch?.(ids.slice(i, i + 2));
    return ids;
  };
  return { step: { name, claim, job: (deliveryId: string) => ({ deliveryId }) }, calls };
}

const NOW = new Date("2030-01-07T07:05:00Z");

describe("a planning tick: each claim its own retried step (issue 58)", () => {
  it("runs the partner e-mails and the digests though the reminders claim fails every time, and logs each failure", async () => {
    const log = captureLog("warn");
    const reminders = step("reminders", ["r1"], () => true);
    const partners = step("partner e-mails", ["p1", "p2", "p3"]);
    const digests = step("community digests", ["d1"]);
    const queued: SendJob[] = [];
    const pauses: number[] = [];
    const report = await planTick([reminders.step, partners.step, digests.step], NOW, {
      logger: log.logger,
      retry: { attempts: 3, backoffMs: 100 },
      sleep: async (ms) => {
        pauses.push(ms);
      },
      enqueue: async (jobs) => {
        queued.push(...jobs);
      },
    });
    expect(reminders.calls).toEqual([1, 2, 3]);
    expect(pauses).toEqual([100, 200]);
    expect(partners.calls).toEqual([1]);
    expect(digests.calls).toEqual([1]);
    expect(report).toEqual({
      claimed: { reminders: 0, "partner e-mails": 3, "community digests": 1 },
      failed: ["reminders"],
      resume: null,
    });
    expect(queued.map((job) => ("deliveryId" in job ? job.deliveryId : ""))).toEqual(["p1", "p2", "p3", "d1"]);
    expect(log.text()).toContain("planning reminders failed; trying again");
    expect(log.text()).toContain("planning reminders failed; next tick tries again");
    expect(log.text()).toContain("reminders claim refused by the database");
  });

  it("keeps what a failed attempt claimed and queued, and counts the retry's claim once it succeeds", async () => {
    const log = captureLog("warn");
    const partners = step("partner e-mails", ["p1"], (attempt) => attempt === 1);
    const queued: SendJob[] = [];
    const report = await planTick([partners.step], NOW, {
      logger: log.logger,
      sleep: async () => {},
      enqueue: async (jobs) => {
        queued.push(...jobs);
      },
    });
    expect(partners.calls).toEqual([1, 2]);
    expect(report).toEqual({ claimed: { "partner e-mails": 1 }, failed: [], resume: null });
    expect(queued).toEqual([{ deliveryId: "p1" }]);
  });

  /**
   * A claim over `due` (a set another tick may have emptied) that reads through the tick's budget as readDue does:
   * a row more than is left, of which it keeps what is left, and nothing once it is spent.
   */
  function budgeted(
    name: string,
    due: Set<string>,
    { takenElsewhere = false, before = () => {}, after = () => {} } = {},
  ) {
    const claim: ClaimStep["claim"] = async (_now, options) => {
      const budget = options.budget;
      before();
      const read = !budget ? [...due] : budget.spent ? budget.skip() : budget.take([...due].slice(0, budget.limit));
      after();
      if (takenElsewhere) return [];
      for (const id of read) due.delete(id);
      if (read.length > 0) await options.onBatch?.(read);
      return read;
    };
    return { name, claim, job: (deliveryId: string) => ({ deliveryId }) };
  }

  it("stops at its budget of due rows, all claims together, and the next tick goes on from the claim it stopped in (decision 0176)", async () => {
    const steps = [
      budgeted("reminders", new Set(["r1"])),
      budgeted("weekly summaries", new Set(["w1", "w2", "w3", "w4", "w5"])),
      budgeted("partner e-mails", new Set(["p1"])),
    ];
    const calls: string[] = [];
    const counted = steps.map((one) => ({
      ...one,
      claim: (now: Date, options: Parameters<ClaimStep["claim"]>[1]) => {
        calls.push(one.name);
        return one.claim(now, options);
      },
    }));
    const queued: SendJob[] = [];
    const tick = (from?: string) =>
      planTick(
        counted,
        NOW,
        {
          logger: captureLog("warn").logger,
          tickRows: 3,
          enqueue: async (jobs) => {
            queued.push(...jobs);
          },
        },
        from,
      );
    expect(await tick()).toEqual({
      claimed: { reminders: 1, "weekly summaries": 2 },
      failed: [],
      resume: "weekly summaries",
    });
    // The budget spent, the claims after the one it ran out in are not even asked (decision 0191).
    expect(await tick("weekly summaries")).toEqual({
      claimed: { "weekly summaries": 3 },
      failed: [],
      resume: "partner e-mails",
    });
    expect(await tick("partner e-mails")).toEqual({ claimed: { "partner e-mails": 1 }, failed: [], resume: null });
    expect(calls).toEqual(["reminders", "weekly summaries", "weekly summaries", "partner e-mails"]);
    expect(queued.map((job) => job.deliveryId)).toEqual(["r1", "w1", "w2", "w3", "w4", "w5", "p1"]);
    // A claim a deploy renamed between two ticks: the tick starts from the first.
    expect((await tick("old name")).claimed).toEqual({ reminders: 0, "weekly summaries": 0, "partner e-mails": 0 });
  });

  const many = (prefix: string, n: number) => new Set(Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`));

  it("reads a claim a chunk at a time, again and again within the tick while more is due (decision 0191)", async () => {
    const reminders = budgeted("reminders", many("r", CHUNK_ROWS * 2 + 10));
    const reads: number[] = [];
    const counted = {
      ...reminders,
      claim: async (now: Date, options: Parameters<ClaimStep["claim"]>[1]) => {
        const ids = await reminders.claim(now, options);
        reads.push(ids.length);
        return ids;
      },
    };
    const report = await planTick([counted, budgeted("partner e-mails", new Set(["p1"]))], NOW, {
      logger: captureLog("warn").logger,
      tickTime: { ms: TICK_MS, clock: () => 0 },
      enqueue: async () => {},
    });
    expect(reads).toEqual([CHUNK_ROWS, CHUNK_ROWS, 10]);
    expect(report).toEqual({
      claimed: { reminders: CHUNK_ROWS * 2 + 10, "partner e-mails": 1 },
      failed: [],
      resume: null,
    });
  });

  it("starts no read once its time is spent, and the next tick goes on from that claim (decision 0191)", async () => {
    // Each read of the reminders takes 150 ms on the fake clock: the third ends past TICK_MS, and the tick stops.
    let clock = 0;
    const steps = [
      budgeted("reminders", many("r", CHUNK_ROWS * 4), {
        after: () => {
          clock += 150;
        },
      }),
      budgeted("partner e-mails", new Set(["p1"])),
    ];
    const deps = {
      logger: captureLog("warn").logger,
      tickTime: { ms: TICK_MS, clock: () => clock },
      enqueue: async () => {},
    };
    expect(TICK_MS).toBeGreaterThan(300);
    expect(TICK_MS).toBeLessThanOrEqual(450);
    expect(await planTick(steps, NOW, deps)).toEqual({
      claimed: { reminders: CHUNK_ROWS * 3 },
      failed: [],
      resume: "reminders",
    });
    expect(await planTick(steps, NOW, deps, "reminders")).toEqual({
      claimed: { reminders: CHUNK_ROWS, "partner e-mails": 1 },
      failed: [],
      resume: null,
    });
  });

  it("makes its first read however late it starts, so that a slow tick still goes on (decision 0191)", async () => {
    // The first claim's own reads (its zones' clocks) take longer than the whole tick's time.
    let clock = 0;
    const steps = [
      budgeted("reminders", many("r", CHUNK_ROWS + 1), {
        before: () => {
          clock += TICK_MS * 2;
        },
      }),
      budgeted("partner e-mails", new Set(["p1"])),
    ];
    const report = await planTick(steps, NOW, {
      logger: captureLog("warn").logger,
      tickTime: { ms: TICK_MS, clock: () => clock },
      enqueue: async () => {},
    });
    expect(report).toEqual({ claimed: { reminders: CHUNK_ROWS }, failed: [], resume: "reminders" });
  });

  it("does not ask for another tick when a full tick claimed nothing (another instance took what it read)", async () => {
    const report = await planTick([budgeted("reminders", new Set(["r1", "r2"]), { takenElsewhere: true })], NOW, {
      logger: captureLog("warn").logger,
      tickRows: 2,
      enqueue: async () => {},
    });
    expect(report).toEqual({ claimed: { reminders: 0 }, failed: [], resume: null });
  });
});
