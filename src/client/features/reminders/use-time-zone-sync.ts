import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { isValidTimeZone } from "#shared/time.ts";
import { reminderSettingsQuery, useUpdateReminderSettings } from "./api/reminder-settings.ts";

/** The browser's IANA time zone (e.g. Europe/Berlin), or null when it reports none we know. */
function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
}

/**
 * Reminders go out at 08:00 his time: the dashboard tells the server the time zone of the device he last used,
 * once per visit and only when it changed (after a flight, or on a phone set to another zone).
 */
export function useTimeZoneSync() {
  const settings = useQuery({ ...reminderSettingsQuery(), staleTime: Number.POSITIVE_INFINITY });
  const { mutate } = useUpdateReminderSettings({ quiet: true });
  const stored = settings.data?.timeZone;
  const loaded = settings.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const sync = () => {
      const zone = browserTimeZone();
      if (zone && zone !== stored) mutate({ timeZone: zone });
    };
    // When the browser is idle, not amid the page's first load: the first Intl call loads the locale data, about
    // 100 ms of a slow phone's main thread (decision 0139). Where there is no idle callback (Safari), at once.
    if (typeof requestIdleCallback !== "function") return sync();
    const idle = requestIdleCallback(sync, { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [loaded, stored, mutate]);
}
