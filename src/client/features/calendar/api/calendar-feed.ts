import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { api, unwrap } from "#client/lib/api.ts";
import type { CalendarFeedAnswer } from "#shared/calendar/contracts.ts";
import { calendarMessages } from "#shared/calendar/rules.ts";

/** GET /api/calendar/feed: his private calendar address, or null. */
export function calendarFeedQuery() {
  return queryOptions({
    queryKey: ["calendar", "feed"],
    queryFn: async (): Promise<CalendarFeedAnswer> => unwrap(api.calendar.feed.$get(), calendarMessages.loadFailed),
  });
}

/** Create, renew or turn off: each answers the feed as it now is, which replaces the cached one. */
function useFeedChange(request: () => Promise<CalendarFeedAnswer>, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      queryClient.setQueryData(calendarFeedQuery().queryKey, answer);
      if (success) toast.success(success);
    },
  });
}

export function useCreateCalendarFeed() {
  return useFeedChange(() => unwrap(api.calendar.feed.$post(), calendarMessages.createFailed));
}

export function useRenewCalendarFeed() {
  return useFeedChange(
    () => unwrap(api.calendar.feed.renew.$post(), calendarMessages.renewFailed),
    calendarMessages.renewed,
  );
}

export function useRevokeCalendarFeed() {
  return useFeedChange(
    () => unwrap(api.calendar.feed.$delete(), calendarMessages.revokeFailed),
    calendarMessages.revoked,
  );
}
