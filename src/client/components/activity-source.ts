import type { ActivityFormat } from "#shared/proof/rules.ts";

/**
 * Whether an activity's reading came from Strava (issue 56) rather than a file he uploaded: the screens then say "from
 * Strava" where a file would be named.
 */
export function fromStrava(reading: { format: ActivityFormat }): boolean {
  return reading.format === "strava";
}
