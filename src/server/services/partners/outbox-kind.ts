import { jobField } from "../outbox/plan-tick.ts";
import type { OutboxKind } from "../outbox/queue.ts";
import type { OutboxDeps } from "../outbox/send.ts";
import { deliverPartnerEmail } from "./partner-deliver.ts";
import { claimDuePartnerNews, claimDuePartnerSummaries } from "./partner-notifications.ts";

/** What his accountability partners hear (issue 25, decision 0106): send jobs `{partnerDeliveryId}`. */
export function partnerEmailKind(deps: OutboxDeps): OutboxKind {
  return {
    claims: [
      {
        name: "partner e-mails",
        claim: (now, options) => claimDuePartnerNews(deps.db, now, options),
        job: (partnerDeliveryId) => ({ partnerDeliveryId }),
      },
      {
        name: "partner summaries",
        claim: (now, options) => claimDuePartnerSummaries(deps.db, now, options),
        job: (partnerDeliveryId) => ({ partnerDeliveryId }),
      },
    ],
    owns: (job) => "partnerDeliveryId" in job,
    send: async (job) => {
      const id = jobField(job, "partnerDeliveryId");
      const outcome = await deliverPartnerEmail(deps, id, new Date());
      deps.logger.info({ partnerEmail: { id, outcome } }, "partner e-mail delivery");
    },
  };
}
