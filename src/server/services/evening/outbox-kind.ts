import { jobField } from "../outbox/plan-tick.ts";
import type { OutboxKind } from "../outbox/queue.ts";
import type { OutboxDeps } from "../outbox/send.ts";
import { claimDueCheckIns, claimDuePhoneDowns } from "./claims.ts";
import { deliverEveningNudge } from "./deliver.ts";

/** The evening's nudges (issue 55, decision 0161), phone-down then check-in: send jobs `{eveningDeliveryId}`. */
export function eveningKind(deps: OutboxDeps): OutboxKind {
  return {
    claims: [
      {
        name: "phone-down nudges",
        claim: (now, options) => claimDuePhoneDowns(deps.db, now, options),
        job: (eveningDeliveryId) => ({ eveningDeliveryId }),
      },
      {
        name: "check-in nudges",
        claim: (now, options) => claimDueCheckIns(deps.db, now, options),
        job: (eveningDeliveryId) => ({ eveningDeliveryId }),
      },
    ],
    owns: (job) => "eveningDeliveryId" in job,
    send: async (job) => {
      const id = jobField(job, "eveningDeliveryId");
      const outcome = await deliverEveningNudge(deps, id, new Date());
      deps.logger.info({ reminder: { id, outcome } }, "evening nudge delivery");
    },
  };
}
