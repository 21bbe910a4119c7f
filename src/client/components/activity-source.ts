/**
 * Whether an activity's reading came from Strava (issue 56) rather than a file he uploaded: the screens then say "from
 * Strava" where a file would be named. Loosely typed, so it reads the same before and after "strava" joins the formats,
 * and reads a proof that carries no format (a community post's, so far) as not from Strava.
 */
export function fromStrava(reading: object): boolean {
  return "format" in reading && reading.format === "strava";
}
