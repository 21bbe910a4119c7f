import { describe, expect, it } from "vitest";
import { captureLog } from "#tests/support/captured-log.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { outboxKinds } from "./outbox-kinds.ts";
import type { SendJob } from "./services/outbox/plan-tick.ts";

/**
 * The send jobs queued in production before the outbox (decision 0172) keep their shapes: each is still owned by one
 * kind, the one that sent it before, and each is delivered by it. A job nobody owns would fail and retry forever.
 */
describe("the outbox's kinds", () => {
  const ids = {
    reminder: "00000000-0000-4000-8000-000000000001",
    partner: "00000000-0000-4000-8000-000000000002",
    evening: "00000000-0000-4000-8000-000000000003",
  };
  const legacyJobs: SendJob[] = [
    { deliveryId: ids.reminder },
    { partnerDeliveryId: ids.partner },
    { digestUserId: "someone", claimedAt: "2030-01-07T09:00:00.000Z" },
    { eveningDeliveryId: ids.evening },
  ];

  it("claim in the order of one tick before the outbox: reminders, partners, digests, the evening", async () => {
    const t = await createTestApp();
    try {
      const kinds = outboxKinds({ ...t.deps, db: t.db });
      expect(kinds.flatMap((kind) => kind.claims.map((claim) => claim.name))).toEqual([
        "reminders",
        "weekly summaries",
        "partner e-mails",
        "partner summaries",
        "community digests",
        "phone-down nudges",
        "check-in nudges",
      ]);
      // Each claim makes the job shape it made before.
      const now = new Date("2030-01-07T09:00:00Z");
      expect(kinds.flatMap((kind) => kind.claims.map((claim) => claim.job("id", now)))).toEqual([
        { deliveryId: "id" },
        { deliveryId: "id" },
        { partnerDeliveryId: "id" },
        { partnerDeliveryId: "id" },
        { digestUserId: "id", claimedAt: "2030-01-07T09:00:00.000Z" },
        { eveningDeliveryId: "id" },
        { eveningDeliveryId: "id" },
      ]);
    } finally {
      await t.close();
    }
  });

  it("each deliver a job of the shapes already queued: one kind owns each, and sends it", async () => {
    const t = await createTestApp();
    try {
      const log = captureLog("info");
      const kinds = outboxKinds({ ...t.deps, db: t.db, logger: log.logger });
      for (const job of legacyJobs) {
        const owners = kinds.filter((kind) => kind.owns(job));
        expect(owners, JSON.stringify(job)).toHaveLength(1);
        // No such delivery: each kind answers as it did before the move, and logs it with the same words.
        await owners[0]!.send(job);
      }
      const lines = log
        .text()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.msg)).toEqual([
        "reminder delivery",
        "partner e-mail delivery",
        "community digest delivery",
        "evening nudge delivery",
      ]);
      expect(
        lines.map(({ reminder, partnerEmail, communityDigest }) => reminder ?? partnerEmail ?? communityDigest),
      ).toEqual([
        { id: ids.reminder, outcome: "already-sent" },
        { id: ids.partner, outcome: "already-sent" },
        { userId: "someone", outcome: "dropped" },
        { id: ids.evening, outcome: "already-sent" },
      ]);
    } finally {
      await t.close();
    }
  });
});
