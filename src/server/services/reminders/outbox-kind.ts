import { jobField } from "../outbox/plan-tick.ts";
import type { OutboxKind } from "../outbox/queue.ts";
import type { OutboxDeps } from "../outbox/send.ts";
import { deliverReminder } from "./deliver.ts";
import { claimDueDeadlines, claimDueSummaries } from "./planner.ts";

/** His deadline reminders and his Monday summary, as the outbox plans and sends them: send jobs `{deliveryId}`. */
export function reminderKind(deps: OutboxDeps): OutboxKind {
  return {
    claims: [
      {
        name: "reminders",
        claim: (now, options) => claimDueDeadlines(deps.db, now, options),
        job: (deliveryId) => ({ deliveryId }),
      },
      {
        name: "weekly summaries",
        claim: (now, options) => claimDueSummaries(deps.db, now, options),
        job: (deliveryId) => ({ deliveryId }),
      },
    ],
    owns: (job) => "deliveryId" in job,
    send: async (job) => {
      const id = jobField(job, "deliveryId");
      const outcome = await deliverReminder(deps, id, new Date());
      deps.logger.info({ reminder: { id, outcome } }, "reminder delivery");
    },
  };
}
