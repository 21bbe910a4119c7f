import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "#client/lib/api.ts";
import type { JoinWaitlistRequest, WaitlistAnswer } from "#shared/community/contracts.ts";
import { communityMessages } from "#shared/community/rules.ts";
import { communityQuery } from "./community.ts";

/** GET /api/community/waitlist: his own signup, or null. A member who already joined sees his confirmation. */
export function waitlistQuery() {
  return queryOptions({
    queryKey: ["community", "waitlist"],
    queryFn: async (): Promise<WaitlistAnswer> =>
      unwrap(api.community.waitlist.$get(), "Could not load the waitlist. Please try again."),
  });
}

/** A refusal the user can act on (4xx) carries the server's message; anything else is SPEC.md's failure text. */
export function joinErrorMessage(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : communityMessages.joinFailed;
}

export function isLoginRequired(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}

/**
 * POST /api/community/waitlist. The answer (new, or the place he already had) becomes the cached signup, so the
 * confirmation shows at once; the feed preview's count is refetched on its next visit.
 */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JoinWaitlistRequest): Promise<WaitlistAnswer> =>
      unwrap(api.community.waitlist.$post({ json: body }), communityMessages.joinFailed),
    onSuccess: (answer) => {
      queryClient.setQueryData(waitlistQuery().queryKey, answer);
      queryClient.invalidateQueries({ queryKey: communityQuery().queryKey });
    },
  });
}
