import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import { writeAnswer } from "#client/lib/query-answers.ts";
import { NEWS_REFRESH_MS } from "#client/lib/query-client.ts";
import type { InvitePartner, PartnerSummary, PartnersAnswer } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";

/** What only the screens say: the server's own answers carry partnerMessages. */
const screenMessages = {
  removeFailed: "Could not remove this partner. Please try again.",
  renewFailed: "Could not send a new link. Please try again.",
  dismissFailed: "Could not hide this cheer. Please try again.",
} as const;

/** Every partner route answers his list as it now is; an error answer never gets here (unwrap throws). */
function list(request: Promise<Response>, fallback: string) {
  return unwrap(request, fallback) as Promise<PartnersAnswer>;
}

/**
 * GET /api/partner: his partners, how many his plan allows, and the cheers not yet dismissed. Asked again each minute
 * while his page is in view and when he comes back to it, so a partner's cheer reaches an open dashboard (issue 53
 * row 6).
 */
export function partnersQuery() {
  return queryOptions({
    queryKey: ["partners"],
    queryFn: () => list(api.partner.$get(), partnerMessages.loadFailed),
    refetchInterval: NEWS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** A change answered with the whole list replaces the cached one. */
function useListChange<T>(request: (input: T) => Promise<PartnersAnswer>, onDone?: (input: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer, input) => {
      await writeAnswer(queryClient, partnersQuery().queryKey, answer);
      onDone?.(input);
    },
  });
}

/** POST /api/partner/invitations: the form shows a refusal itself. */
export function useInvitePartner() {
  return useListChange((invite: InvitePartner) =>
    list(api.partner.invitations.$post({ json: invite }), partnerMessages.inviteFailed),
  );
}

/** POST /api/partner/:id/renew: a fresh link by e-mail; the old one stops working at once. */
export function useRenewPartner() {
  return useListChange(
    (partner: PartnerSummary) =>
      list(api.partner[":id"].renew.$post({ param: { id: partner.id } }), screenMessages.renewFailed),
    (partner) => toast.success(`A new link is on its way to ${partner.firstName}.`),
  );
}

/** DELETE /api/partner/:id: the link answers 404 at once; his cheers go with him. */
export function useRemovePartner() {
  return useListChange(
    (partner: PartnerSummary) =>
      list(api.partner[":id"].$delete({ param: { id: partner.id } }), screenMessages.removeFailed),
    (partner) => toast.success(`${partner.firstName} is no longer your partner. The link has stopped working.`),
  );
}

/** DELETE /api/partner/cheers/:id: the cheer leaves at once, and comes back if the server says no. */
export function useDismissCheer() {
  const queryClient = useQueryClient();
  const { queryKey } = partnersQuery();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        return await list(api.partner.cheers[":id"].$delete({ param: { id } }), screenMessages.dismissFailed);
      } catch (error) {
        // Gone already (another tab): what he wanted.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, cheers: before.cheers.filter((c) => c.id !== id) });
      return { before };
    },
    onSuccess: async (answer) => {
      if (answer) await writeAnswer(queryClient, queryKey, answer);
    },
    onError: (error, _id, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toast.error(error.message);
    },
  });
}
