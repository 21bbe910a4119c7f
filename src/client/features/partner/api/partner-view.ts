import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { PartnerCheerAnswer, PartnerUnsubscribeAnswer, PartnerViewAnswer } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";

/** What only the partner's screens say: the server's own answers carry partnerMessages. */
const partnerViewMessages = {
  loadFailed: "Could not load this page. Please check your connection and try again.",
  acceptFailed: "Could not confirm. Please try again.",
  cheerFailed: "Could not send your cheer. Please try again.",
  unsubscribeFailed: "Could not stop the e-mails. Please try again.",
} as const;

/** GET /api/partner-view/:token: who invited him, or the plan once he confirmed. A 404 is a link no longer valid. */
export function partnerViewQuery(token: string) {
  return queryOptions({
    queryKey: ["partner-view", token],
    queryFn: () =>
      unwrap(
        api["partner-view"][":token"].$get({ param: { token } }),
        partnerViewMessages.loadFailed,
      ) as Promise<PartnerViewAnswer>,
    staleTime: 0,
  });
}

/** POST /api/partner-view/:token/accept: answers the plan, which replaces the invitation on screen. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api["partner-view"][":token"].accept.$post({ param: { token } }),
        partnerViewMessages.acceptFailed,
      ) as Promise<PartnerViewAnswer>,
    onSuccess: (answer) => queryClient.setQueryData(partnerViewQuery(token).queryKey, answer),
  });
}

/** POST /api/partner-view/:token/cheers: answers how many cheers are left today. */
export function useSendCheer(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = partnerViewQuery(token);
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(
        api["partner-view"][":token"].cheers.$post({ param: { token }, json: { text } }),
        partnerViewMessages.cheerFailed,
      ) as Promise<{ cheersLeftToday: number }>,
    onSuccess: ({ cheersLeftToday }) => {
      const before = queryClient.getQueryData(queryKey);
      if (before?.state !== "accepted") return;
      const after: PartnerViewAnswer = { ...before, cheersLeftToday };
      queryClient.setQueryData(queryKey, after);
    },
  });
}

/** GET /api/partner-emails/unsubscribe: whose plan the e-mails are about, before he confirms. */
export function partnerUnsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: ["partner-unsubscribe", token],
    queryFn: async (): Promise<PartnerUnsubscribeAnswer> =>
      unwrap(api["partner-emails"].unsubscribe.$get({ query: { token } }), partnerMessages.unsubscribeInvalid),
    enabled: token !== "",
  });
}

/** POST /api/partner-emails/unsubscribe: stops every e-mail of that partnership. */
export function stopPartnerEmails(token: string): Promise<PartnerUnsubscribeAnswer> {
  return unwrap(api["partner-emails"].unsubscribe.$post({ query: { token } }), partnerViewMessages.unsubscribeFailed);
}

/** GET /api/partner-emails/cheer: what an e-mail's cheer link is about; 400, 404 and 410 say why it is not valid. */
export function partnerCheerQuery(token: string) {
  return queryOptions({
    queryKey: ["partner-cheer", token],
    queryFn: async (): Promise<PartnerCheerAnswer> =>
      unwrap(api["partner-emails"].cheer.$get({ query: { token } }), partnerViewMessages.loadFailed),
    enabled: token !== "",
  });
}

/** POST /api/partner-emails/cheer: the same cheer as the partner's page sends, counted against the same limits. */
export function useSendCheerFromEmail(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = partnerCheerQuery(token);
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(
        api["partner-emails"].cheer.$post({ query: { token }, json: { text } }),
        partnerViewMessages.cheerFailed,
      ) as Promise<{ cheersLeftToday: number }>,
    onSuccess: ({ cheersLeftToday }) => {
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, cheersLeftToday });
    },
  });
}
