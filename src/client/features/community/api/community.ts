import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { CommunityOverview } from "#shared/community/contracts.ts";

/**
 * PRODUCT.md's confirmation of 'Notify Me When Ready'. The button is gone (one way to wait: the waitlist, decision
 * 0117); a member who asked before is still told his request is kept.
 */
export const notifyConfirmation = "We'll e-mail you when the community opens.";

/** GET /api/community: the feed preview in one request (members waiting, his notify request, his signup). */
export function communityQuery() {
  return queryOptions({
    queryKey: ["community", "overview"],
    queryFn: async (): Promise<CommunityOverview> =>
      unwrap(api.community.$get(), "Could not load the community preview."),
    staleTime: 0,
  });
}
