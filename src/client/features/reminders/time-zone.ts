import { isValidTimeZone } from "#shared/time.ts";

/** The browser's IANA time zone (e.g. Europe/Berlin), or null when it reports none we know. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
}
