import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Dashboard } from "#shared/dashboard/contracts.ts";

/**
 * GET /api/dashboard: one request loads the whole first dashboard (PRODUCT.md: shape the API for the screens).
 * Always stale, so every visit refetches and shows what the results and workflow screens changed meanwhile.
 */
export function dashboardQuery() {
  return queryOptions({
    queryKey: ["dashboard"],
    queryFn: async (): Promise<Dashboard> => unwrap(api.dashboard.$get(), "Could not load your dashboard."),
    staleTime: 0,
  });
}
