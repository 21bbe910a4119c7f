import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { BillingOverview } from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";

/**
 * GET /api/billing: the plans (ordered by price), what the user has now, and whether checkout is the local test
 * page. Always stale: a payment or a visit to the Customer Portal changes it outside this tab.
 */
export function billingQuery() {
  return queryOptions({
    queryKey: ["billing"],
    queryFn: async (): Promise<BillingOverview> => unwrap(api.billing.$get(), billingMessages.plansFailed),
    staleTime: 0,
  });
}
