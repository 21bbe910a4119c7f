/**
 * Strava as a source of proof (issue 56, decisions 0163-0165): what the screens say about the connection and about
 * each activity that arrives. Used verbatim by the server and the screens.
 */

/**
 * The one scope asked: his activities that Strava shows to others ("Everyone" or "Followers"). A run he keeps to
 * himself on Strava ("Only you") stays his: it never reaches us, and one he makes private later stops being proof
 * (decision 0165).
 */
export const STRAVA_SCOPE = "activity:read";

/** What happened to an activity Strava sent: how the screens tell his runs apart. */
export const stravaOutcomes = [
  /** Waiting for Strava (its limits, or the activity's details not fetched yet). */
  "waiting",
  /** It validated his first run. */
  "firstRun",
  /** Offered as proof for one of his running milestones; he has not answered. */
  "offered",
  /** He took it as proof of a milestone. */
  "used",
  /** He said it is not proof of that milestone. */
  "dismissed",
  /** A run that checks out, with nothing to prove right now. */
  "kept",
  /** Not usable as proof: a ride, a walk, too old, ...; `reason` says why. */
  "refused",
] as const;
export type StravaOutcome = (typeof stravaOutcomes)[number];

/** Where the connect button sends him back to: the screens that offer it. */
export const stravaReturnPaths = [
  "/ChallengeAccepted",
  "/ValidateChallenge",
  "/dashboard",
  "/dashboard/settings",
] as const;
export type StravaReturnPath = (typeof stravaReturnPaths)[number];

/** The query parameter the callback adds to the return path, and what it says. */
export const STRAVA_RESULT_PARAM = "strava";
export const stravaResults = ["connected", "denied", "noActivityScope", "failed", "expired"] as const;
export type StravaResult = (typeof stravaResults)[number];

export const stravaMessages = {
  connected: "Strava is connected. Your runs will appear here by themselves.",
  denied: "You did not connect Strava. You can connect it any time, or upload a file instead.",
  noActivityScope:
    "Strava did not share your activities, so we cannot see your runs. Connect again and keep \u201cView data about your activities\u201d ticked.",
  failed: "We could not connect Strava. Please try again in a moment.",
  expired: "That Strava link has expired. Please press Connect Strava again.",
  busy: "Strava is busy, your run will appear shortly.",
  disconnected: "Strava is disconnected. Your runs no longer arrive by themselves.",
  notConnected: "Strava is not connected.",
  notConfigured: "Strava is not available right now.",
  activityNotFound: "This activity is no longer there.",
  notOffered: "This run can no longer be used as proof.",
  beforeAcceptance: "This run was recorded before you accepted the challenge, so it cannot validate it.",
  afterDeadline: "This run was recorded after your 24 hours were up, so it cannot validate the challenge.",
  privateRuns: "Runs you keep to \u201cOnly you\u201d on Strava stay private and do not arrive here.",
} as const;

/** "Your 8.2 km run from this morning" - the part of an offer that names the run. */
export function runOfferQuestion(run: string, milestone: string): string {
  return `${run} \u2014 use it as proof for \u2018${milestone}\u2019?`;
}
