import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { CHECK_IN_KEY, keptChange, sendCheckIn } from "#client/lib/offline-changes.ts";
import type { CheckInRequest, ScreenTimeDay, ScreenTimeOverview } from "#shared/screen-time/contracts.ts";
import { screenTimeMessages } from "#shared/screen-time/rules.ts";

/** GET /api/screen-time: his check-ins, the number and the weekly chart (insights, and the form's "already there"). */
export function screenTimeQuery() {
  return queryOptions({
    queryKey: [CHECK_IN_KEY[0], "overview"],
    queryFn: async (): Promise<ScreenTimeOverview> => unwrap(api["screen-time"].$get(), screenTimeMessages.loadFailed),
    staleTime: 0,
  });
}

/**
 * PUT /api/screen-time/days/:day as a kept change (issue 55): made offline, it waits on his phone and is sent when the
 * server can be reached, also after the app was closed. The dashboard and the insights ask again afterwards.
 */
export function useSaveCheckIn(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...CHECK_IN_KEY, day],
    mutationFn: (body: CheckInRequest) =>
      sendCheckIn(day, body, screenTimeMessages.saveFailed) as Promise<ScreenTimeDay>,
    ...keptChange,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      void queryClient.invalidateQueries({ queryKey: [CHECK_IN_KEY[0]] });
    },
  });
}
