import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { whenIdle } from "#client/lib/when-idle.ts";
import { reminderSettingsQuery, useUpdateReminderSettings } from "./api/reminder-settings.ts";
import { readTimeZone } from "./read-time-zone.ts";

/**
 * Reminders go out at 08:00 his time: the dashboard tells the server the time zone of the device he last used,
 * once per visit and only when it changed (after a flight, or on a phone set to another zone).
 */
function useTimeZoneSync() {
  const settings = useQuery({ ...reminderSettingsQuery(), staleTime: Number.POSITIVE_INFINITY });
  const { mutate } = useUpdateReminderSettings({ quiet: true });
  const stored = settings.data?.timeZone;
  const loaded = settings.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    let left = false;
    const sync = () => {
      void readTimeZone().then((zone) => {
        if (!left && zone && zone !== stored) mutate({ timeZone: zone });
      });
    };
    // When the browser is idle, not amid the page's first load (decision 0139); the zone itself is read off the main
    // thread (read-time-zone.ts).
    const cancel = whenIdle(sync, 2_000);
    return () => {
      left = true;
      cancel();
    };
  }, [loaded, stored, mutate]);
}

/**
 * The sync as a component of its own: the settings it reads, and the save it makes, re-render only this, not the
 * frame of the page it sits in.
 */
export function TimeZoneSync() {
  useTimeZoneSync();
  return null;
}
