import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { api, unwrap } from "#client/lib/api.ts";
import { notificationMessages } from "#shared/community/rules.ts";
import type { ReminderSettings, ReminderSettingsPatch, UnsubscribeAnswer } from "#shared/reminders/contracts.ts";
import { reminderMessages } from "#shared/reminders/rules.ts";

/** GET /api/reminders/settings */
export function reminderSettingsQuery() {
  return queryOptions({
    queryKey: ["reminders", "settings"],
    queryFn: async (): Promise<ReminderSettings> => unwrap(api.reminders.settings.$get(), reminderMessages.loadFailed),
  });
}

/** A switch moves at once; if the save fails it moves back and says so. */
export function useUpdateReminderSettings(options: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = reminderSettingsQuery();
  return useMutation({
    mutationFn: (patch: ReminderSettingsPatch) =>
      unwrap(api.reminders.settings.$patch({ json: patch }), reminderMessages.saveFailed),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, ...patch });
      return { before };
    },
    onError: (error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      if (!options.quiet) toast.error(error.message);
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKey, settings);
      if (!options.quiet) toast.success(reminderMessages.saved, { toastId: "reminders-saved" });
    },
  });
}

/**
 * POST /api/reminders/unsubscribe, or /api/community/digest/unsubscribe for the digest's token (decision 0137): the
 * one-click link's token, no session needed. Each address takes only its own lists.
 */
export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  if (token.split(".")[1] === "community") {
    return unwrap(api.community.digest.unsubscribe.$post({ query: { token } }), notificationMessages.digestLinkInvalid);
  }
  return unwrap(api.reminders.unsubscribe.$post({ query: { token } }), reminderMessages.unsubscribeInvalid);
}
