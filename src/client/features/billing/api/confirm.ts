import { api, unwrap } from "#client/lib/api.ts";
import type { PaymentConfirmed } from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";

/**
 * POST /api/billing/confirm (SPEC's handle-payment-success): fulfils a paid session; 409 while it is not paid yet.
 * A plain call rather than a mutation: the success screen's timers decide when it runs and how often.
 */
export function confirmPayment(sessionId: string): Promise<PaymentConfirmed> {
  return unwrap(api.billing.confirm.$post({ json: { sessionId } }), billingMessages.paymentFailed);
}
