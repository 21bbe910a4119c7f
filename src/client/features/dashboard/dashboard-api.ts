import { useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../shared/dashboard/contracts.ts";
import { api, unwrap } from "../../lib/api.ts";

export const dashboardKey = ["dashboard"] as const;

/** One request loads the whole first dashboard (PRODUCT.md: shape the API for the screens). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async (): Promise<Dashboard> => unwrap(api.dashboard.$get(), "Could not load your dashboard."),
    staleTime: 0,
  });
}
