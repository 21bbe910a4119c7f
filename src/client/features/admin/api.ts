import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type {
  AdminOverview,
  AdmittedAnswer,
  DecisionLog,
  DecisionRequest,
  ModerationQueue,
} from "#shared/admin/contracts.ts";

/**
 * The operator's page (decision 0136): each endpoint answers 404 to anyone who is not a marked operator, the same as
 * an unknown path, so the page shows the app's not-found screen then.
 */
export function isNotOperator(error: unknown) {
  return error instanceof ApiError && error.status === 404;
}

/** Nothing is retried after a 404: the answer will not change, and the not-found screen should not wait. */
const noRetryOn404 = (failures: number, error: unknown) => !isNotOperator(error) && failures < 2;

export function overviewQuery() {
  return queryOptions({
    queryKey: ["admin", "overview"],
    queryFn: async (): Promise<AdminOverview> => unwrap(api.admin.overview.$get(), "Could not load the counts."),
    retry: noRetryOn404,
  });
}

export function queueQuery() {
  return queryOptions({
    queryKey: ["admin", "queue"],
    queryFn: async (): Promise<ModerationQueue> => unwrap(api.admin.queue.$get(), "Could not load the queue."),
    retry: noRetryOn404,
  });
}

export function decisionLogQuery() {
  return queryOptions({
    queryKey: ["admin", "decisions"],
    queryFn: async (): Promise<DecisionLog> => unwrap(api.admin.decisions.$get(), "Could not load the decisions."),
    retry: noRetryOn404,
  });
}

/** After a decision or an admission every count may have moved: the page reads them again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["admin"] });
}

export function useDecide() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async (body: DecisionRequest) =>
      unwrap(api.admin.decisions.$post({ json: body }), "The decision could not be saved. Please try again."),
    // Decided by another operator meanwhile (409): the item leaves the queue with the refresh, taking its card's error
    // with it, so the reason is told in a toast that outlives the card.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast.info(error.message);
    },
    onSettled: refresh,
  });
}

export function useAdmit() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async (count: number): Promise<AdmittedAnswer> =>
      unwrap(api.admin.admissions.$post({ json: { count } }), "Nobody could be let in. Please try again."),
    onSuccess: refresh,
  });
}
