import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { PushStatus, PushSubscriptionJson } from "#shared/push/contracts.ts";
import { pushMessages } from "#shared/push/rules.ts";

/** GET /api/push: the key to subscribe with, and whether this device's endpoint is one of his. */
export function pushStatusQuery(endpoint: string | null) {
  return queryOptions({
    queryKey: ["push", endpoint],
    queryFn: async (): Promise<PushStatus> =>
      unwrap(api.push.$get({ query: endpoint ? { endpoint } : {} }), pushMessages.loadFailed),
  });
}

/** POST /api/push/subscriptions: this device's subscription, saved for him. */
export function saveSubscription(subscription: PushSubscriptionJson): Promise<PushStatus> {
  return unwrap(api.push.subscriptions.$post({ json: subscription }), pushMessages.turnOnFailed);
}

/** DELETE /api/push/subscriptions; one the server no longer has (a 404) is off already. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  try {
    await unwrap(api.push.subscriptions.$delete({ json: { endpoint } }), pushMessages.turnOffFailed);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
