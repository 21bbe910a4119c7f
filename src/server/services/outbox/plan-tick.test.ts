import { describe, expect, it } from "vitest";
import { captureLog } from "#tests/support/captured-log.ts";
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
    expect(report).toEqual({ claimed: { "partner e-mails": 1 }, failed: [] });
    expect(queued).toEqual([{ deliveryId: "p1" }]);
  });
});
