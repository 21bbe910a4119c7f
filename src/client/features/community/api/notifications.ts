import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { writeAnswer } from "#client/lib/query-answers.ts";
import { NEWS_REFRESH_MS } from "#client/lib/query-client.ts";
import type { DigestSetting, NotificationsAnswer } from "#shared/community/notifications.ts";
import { notificationMessages } from "#shared/community/rules.ts";
import { communityQuery } from "./community.ts";

/** His notifications and the digest switch (issue 40, decision 0137); members only. */

const notificationsKey = ["community", "notifications"] as const;
const newsKey = ["community", "news"] as const;
const digestKey = ["community", "digest"] as const;

/**
 * GET /api/community/notifications: his latest, newest first, and the unread count. Looked at again each minute while
 * in view, and when he comes back to the page.
 */
export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationsKey,
    queryFn: async (): Promise<NotificationsAnswer> =>
      unwrap(api.community.notifications.$get(), notificationMessages.loadFailed),
    staleTime: 30_000,
    refetchInterval: NEWS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * GET /api/community/news: his unread count alone, for the badge on Community in the dashboard's menus (issue 53 row
 * 6). Every dashboard page shows it, so it is as light as a request gets, and kept fresh as the list is.
 */
export function communityNewsQuery() {
  return queryOptions({
    queryKey: newsKey,
    queryFn: async (): Promise<number> =>
      (await unwrap(api.community.news.$get(), notificationMessages.loadFailed)).unread,
    staleTime: 30_000,
    refetchInterval: NEWS_REFRESH_MS,
    refetchOnWindowFocus: true,
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
    onSuccess: async (answer) => {
      await Promise.all([
        writeAnswer(queryClient, notificationsKey, answer),
        writeAnswer(queryClient, newsKey, answer.unread),
      ]);
    },
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
