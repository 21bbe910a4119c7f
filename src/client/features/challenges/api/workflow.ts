import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Workflow } from "#shared/plan/contracts.ts";

/** GET /api/workflow: the accepted challenges of the latest plan, so a reload at any workflow step loses nothing. */
export function workflowQuery() {
  return queryOptions({
    queryKey: ["workflow"],
    queryFn: async (): Promise<Workflow> => unwrap(api.workflow.$get(), "Could not load your challenges."),
    staleTime: 0,
  });
}
