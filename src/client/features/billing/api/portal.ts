import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { PortalOpened } from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";
import { leaveFor } from "../leave-for.ts";

/** POST /api/billing/portal: Stripe's Customer Portal (cancel, switch plan, invoices), returning to the plans page. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: async (): Promise<PortalOpened> => unwrap(api.billing.portal.$post(), billingMessages.portalFailed),
    onSuccess: ({ url }) => leaveFor(url),
  });
}
