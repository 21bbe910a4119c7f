import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { api, unwrap } from "#client/lib/api.ts";
import type { CommunityOverview, NotifyAnswer } from "#shared/community/contracts.ts";

/** PRODUCT.md's confirmation of 'Notify Me When Ready'. */
const notifyConfirmation = "We'll e-mail you when the community opens.";

/** GET /api/community: the feed preview in one request (members waiting, his notify request, his signup). */
export function communityQuery() {
  return queryOptions({
    queryKey: ["community", "overview"],
    queryFn: async (): Promise<CommunityOverview> =>
      unwrap(api.community.$get(), "Could not load the community preview."),
    staleTime: 0,
  });
}

/** POST /api/community/notify: recorded once per user; the button then says he will be told. */
export function useNotifyMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<NotifyAnswer> =>
      unwrap(api.community.notify.$post(), "Could not save your request. Please try again."),
    onSuccess: () => {
      queryClient.setQueryData(communityQuery().queryKey, (overview) =>
        overview ? { ...overview, notifyRequested: true } : overview,
      );
      toast.success(notifyConfirmation);
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
