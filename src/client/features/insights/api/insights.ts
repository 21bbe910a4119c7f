import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Insights } from "#shared/insights/contracts.ts";
import { insightsMessages } from "#shared/insights/rules.ts";
import type { Streak } from "#shared/insights/streak.ts";

/** Both insights queries start with this key, so one invalidation refreshes the page's and the dashboard's. */
export const insightsKey = ["insights"] as const;

/** GET /api/insights: everything the insights page draws. Asked again on every visit, like the dashboard. */
export function insightsQuery() {
  return queryOptions({
    queryKey: [...insightsKey, "page"],
    queryFn: async (): Promise<Insights> => unwrap(api.insights.$get(), insightsMessages.loadFailed),
    staleTime: 0,
  });
}

/** GET /api/insights/streak: the dashboard's streak alone. */
export function streakQuery() {
  return queryOptions({
    queryKey: [...insightsKey, "streak"],
    queryFn: async (): Promise<Streak> => unwrap(api.insights.streak.$get(), insightsMessages.loadFailed),
    staleTime: 0,
  });
}
