import { jobField } from "../outbox/plan-tick.ts";
import type { OutboxKind } from "../outbox/queue.ts";
import type { OutboxDeps } from "../outbox/send.ts";
import { claimDueDigests, deliverDigest } from "./digest.ts";

/**
 * The daily community digest (issue 40, decision 0137): send jobs `{digestUserId, claimedAt}`, sent as of the moment
 * it was claimed, whenever a retry runs.
 */
export function digestKind(deps: OutboxDeps): OutboxKind {
  return {
    claims: [
      {
        name: "community digests",
        claim: (now, options) => claimDueDigests(deps.db, now, options),
        job: (digestUserId, now) => ({ digestUserId, claimedAt: now.toISOString() }),
      },
    ],
    owns: (job) => "digestUserId" in job,
    send: async (job) => {
      const userId = jobField(job, "digestUserId");
      const outcome = await deliverDigest(deps, userId, new Date(jobField(job, "claimedAt")));
      deps.logger.info({ communityDigest: { userId, outcome } }, "community digest delivery");
    },
  };
}
