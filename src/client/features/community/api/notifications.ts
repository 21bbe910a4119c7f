import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { DigestSetting, NotificationsAnswer } from "#shared/community/notifications.ts";
import { notificationMessages } from "#shared/community/rules.ts";
import { communityQuery } from "./community.ts";

/** His notifications and the digest switch (issue 40, decision 0137); members only. */

const notificationsKey = ["community", "notifications"] as const;
const digestKey = ["community", "digest"] as const;

/** GET /api/community/notifications: his latest, newest first, and the unread count. Looked at again each minute. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationsKey,
    queryFn: async (): Promise<NotificationsAnswer> =>
      unwrap(api.community.notifications.$get(), notificationMessages.loadFailed),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * POST /api/community/notifications/read, up to the newest one he was shown: one that arrived meanwhile stays
 * unread. The answer is the list as it now stands.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until?: string) =>
      unwrap(api.community.notifications.read.$post({ json: until ? { until } : {} }), notificationMessages.markFailed),
    onSuccess: (answer) => queryClient.setQueryData(notificationsKey, answer),
  });
}

/** GET /api/community/digest */
export function digestSettingQuery() {
  return queryOptions({
    queryKey: digestKey,
    queryFn: async (): Promise<DigestSetting> =>
      unwrap(api.community.digest.$get(), notificationMessages.digestLoadFailed),
  });
}

/**
 * What the settings' digest switch needs, for the page's loaders: whether he is a member, then (only a member has the
 * switch) his setting. Loaded with the page, the section is there at the first paint instead of appearing after it.
 */
export async function prefetchDigestSetting(client: QueryClient) {
  await client.prefetchQuery(communityQuery());
  if (client.getQueryData(communityQuery().queryKey)?.admitted) await client.prefetchQuery(digestSettingQuery());
}

/** PUT /api/community/digest: the switch moves at once and moves back if the save fails. */
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digestEmails: boolean) =>
      unwrap(api.community.digest.$put({ json: { digestEmails } }), notificationMessages.digestSaveFailed),
    onMutate: async (digestEmails) => {
      await queryClient.cancelQueries({ queryKey: digestKey });
      const before = queryClient.getQueryData<DigestSetting>(digestKey);
      queryClient.setQueryData<DigestSetting>(digestKey, { digestEmails });
      return { before };
    },
    onError: (_error, _on, context) => {
      if (context?.before) queryClient.setQueryData(digestKey, context.before);
    },
    onSuccess: (setting) => queryClient.setQueryData(digestKey, setting),
  });
}
