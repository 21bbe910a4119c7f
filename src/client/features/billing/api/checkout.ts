import { useMutation } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { CheckoutStarted } from "#shared/billing/contracts.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import { billingMessages } from "#shared/billing/rules.ts";
import { leaveFor } from "../leave-for.ts";

/**
 * POST /api/billing/checkout: the server prices the plan and opens a Checkout Session (Stripe's hosted page, or the
 * local test checkout without keys); the browser then goes to its url. The mutation stays successful while the page
 * unloads, so the form can keep its controls disabled until the browser has left.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (planId: PaidPlanId): Promise<CheckoutStarted> =>
      unwrap(api.billing.checkout.$post({ json: { planId } }), billingMessages.checkoutFailed),
    onSuccess: ({ url }) => leaveFor(url),
  });
}

/** SPEC.md section 8's copy for a failed checkout: a lost session says so; otherwise the server's reason. */
export function checkoutErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 401) return billingMessages.notAuthenticated;
  if (error instanceof ApiError) return error.message;
  return billingMessages.checkoutFailed;
}
