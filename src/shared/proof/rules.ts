import { thousands } from "../numbers.ts";
/**
 * Proof of an activity (issue 26, decision 0107): what an activity file must show to count, and how its figures read.
 * The server applies these to every file; the screens quote them.
 */

/** The largest file (activity or photo) a proof upload may send. */
export const PROOF_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_FILE_MAX_MB = PROOF_FILE_MAX_BYTES / (1024 * 1024);
/**
 * The long side of a stored photo: enough to see a finish line or a watch face, small enough to send to partners. The
 * browser shrinks a large photo to it before sending (issue 35 row 15), so nothing the server would drop is uploaded.
 */
export const PHOTO_MAX_LONG_SIDE = 1600;
/**
 * More points than this is more than two days at one a second, more than any single activity: a file that holds them is
 * a week's export or built to cost the server. A 10 MB GPX from a real watch holds about 110 000.
 */
export const MAX_ACTIVITY_POINTS = 200_000;
/** Fewer points than this cannot show an hour of constant movement (one a minute at the very least). */
export const MIN_TRACKPOINTS = 60;
/** A stop longer than this (no points, or standing still) is a pause: it is not moving time. */
export const PAUSE_SECONDS = 60;
/** An activity older than this does not prove a challenge taken now. */
export const MAX_ACTIVITY_AGE_DAYS = 7;
/** Faster than 2:30 min/km over the median of the activity is not running. */
export const FASTEST_RUN_PACE_SECONDS_PER_KM = 150;
/**
 * A file that does not say it is a run must be quicker than this over its moving time (13:00 min/km, 4.6 km/h):
 * a beginner's run/walk (a minute's jog at 8:30-9:30 /km, ninety seconds' walk at 10:30-12:00 /km) averages 9:30 to
 * 11:00 /km and passes with two minutes to spare, where a stand-up paddle (16 /km), a swim (20 /km and slower) and a
 * walk up a mountain (15 /km and slower over its flat distance) do not (issue 38, decision 0128).
 */
export const SLOWEST_RUN_PACE_SECONDS_PER_KM = 780;
/** A sustained speed above this is a ride or a drive, not a run. */
export const MAX_RUN_SPEED_KMH = 45;
/** The route is kept as a simplified line of at most this many points. */
export const ROUTE_MAX_POINTS = 500;

/** "strava": read from Strava's API (issue 56), not from a file; the same checks, the same figures. */
export const activityFormats = ["gpx", "tcx", "fit", "strava"] as const;
export type ActivityFormat = (typeof activityFormats)[number];

/** "12.4 km" (one decimal; "850 m" under a kilometre). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(1)} km`;
}

/** "5:39 /km". */
export function formatPace(secondsPerKm: number): string {
  const total = Math.round(secondsPerKm);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")} /km`;
}

/** "1:10:02" or "42:15". */
export function formatMovingTime(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The whole minutes a moving time validates (a run of 69:40 is 69 minutes: never rounded up to a target). */
export function wholeMinutes(seconds: number): number {
  return Math.floor(seconds / 60);
}

export const proofKinds = ["activity", "photo"] as const;
export type ProofKind = (typeof proofKinds)[number];

const runningWords =
  /\b(run|runs|running|ran|runner|jog|jogs|jogging|5 ?k|10 ?k|half[- ]marathon|marathon|parkrun|sprint|sprints|intervals?)\b/i;

/**
 * Whether a milestone is about running, from its own words and its challenge's: only then does an activity file have to
 * show a running pace (a cycling or hiking milestone may be proved by a ride or a hike).
 */
export function isRunningText(...texts: Array<string | null | undefined>): boolean {
  return texts.some((text) => text != null && runningWords.test(text));
}

const movementWords =
  /\b(walk|walks|walking|hike|hikes|hiking|ride|rides|riding|cycle|cycles|cycling|bike|bikes|biking|swim|swims|swimming|rowing|paddle|paddling|kayak|climb|climbing|ski|skiing|skate|skating|workouts?|training|exercise|fitness|gym|sports?|km|kilomet(er|re)s?|miles?|triathlon|movement|outdoors?|cardio)\b/i;

/**
 * Whether a milestone is about moving his body (issue 53 row 11): running in the words decision 0128 reads, or any
 * other sport or movement. An activity file is proof of such a milestone; for any other (a conversation, a sale, a
 * chapter written) it proves something else, so he is asked before it is kept. A photo can show anything.
 */
export function isMovementText(...texts: Array<string | null | undefined>): boolean {
  return isRunningText(...texts) || texts.some((text) => text != null && movementWords.test(text));
}

const MISMATCH_QUOTE_MAX = 70;

/**
 * The question asked before an activity file is kept as proof of a milestone that is not about moving: what the file
 * is and the milestone's own words (cut at a word near 70 characters), so he sees the two do not match.
 */
export function proofMismatchMessage(milestoneText: string, distanceMeters: number): string {
  const words = milestoneText.trim().replace(/\s+/g, " ");
  const cut =
    words.length <= MISMATCH_QUOTE_MAX ? words : `${words.slice(0, MISMATCH_QUOTE_MAX).replace(/\s+\S*$/, "")}…`;
  return `This is an activity of ${formatDistance(distanceMeters)}; "${cut}" doesn't look like one. Use it as proof anyway?`;
}

/** Every answer to a proof file, used verbatim by the server and the screens. */

export const proofMessages = {
  fileRequired: "Please choose a file.",
  tooLarge: `This file is over ${PROOF_FILE_MAX_MB} MB. Please choose a smaller one.`,
  notActivity: "This is not a GPX, TCX or FIT file. Export the original file from your watch or running app.",
  notProof: "Please choose an activity file (GPX, TCX or FIT) or a photo (JPEG, PNG, WebP or HEIC).",
  corrupt: "This file could not be read: it looks damaged or incomplete. Please export it again.",
  noTimes: "This file has no timestamps, so it cannot show how long you ran. Export the original activity instead.",
  tooFewPoints: `This activity is too short to check: it needs at least ${MIN_TRACKPOINTS} recorded points.`,
  tooOld: `This activity is more than ${MAX_ACTIVITY_AGE_DAYS} days old. Upload a run from the last week.`,
  inFuture: "This activity starts in the future. Check the date and time on your watch or phone.",
  tooFast: `This looks like a ride or a drive, not a run: faster than ${formatPace(FASTEST_RUN_PACE_SECONDS_PER_KM)} or above ${MAX_RUN_SPEED_KMH} km/h.`,
  tooSlow: `This looks like a walk, a hike or a paddle, not a run: slower than ${formatPace(SLOWEST_RUN_PACE_SECONDS_PER_KM)} over its moving time. If it was a run, record it as a run on your watch or app.`,
  declaredRide: "This file says it is a ride, not a run. Please upload a run.",
  declaredSwim: "This file says it is a swim, not a run. Please upload a run.",
  declaredPaddle:
    "This file says it is a paddle (kayak, canoe, rowing or stand-up paddle), not a run. Please upload a run.",
  declaredHike: "This file says it is a hike, not a run. Please upload a run.",
  declaredOther: "This file says it is another sport, not a run. Please upload a run.",
  notMoving: "This activity shows no movement. Please upload the run itself.",
  manual: "This activity was typed in by hand, not recorded. Only a recorded run counts as proof.",
  tooManyPoints: `This file has more than ${thousands(MAX_ACTIVITY_POINTS)} recorded points, more than one activity holds. Please upload a single activity.`,
  timedOut: "We could not finish reading this file in time. Please try again in a moment.",
  busy: "Many files are being checked right now. Please try again in a few seconds.",
  accountBusy: "Your other uploads are still being checked. Please wait for them to finish, then try again.",
  photoUnreadable: "This photo could not be read. Please choose a JPEG, PNG, WebP or HEIC image.",
  uploadFailed: "Could not upload your proof. Please try again.",
  proofNotFound: "This proof is no longer there.",
} as const;

/** Why an activity from Strava can be refused (issue 56): the refusals of a file that can happen to one, and "manual". */
export const stravaRefusals = [
  "manual",
  "noTimes",
  "tooFewPoints",
  "tooManyPoints",
  "tooOld",
  "inFuture",
  "tooFast",
  "tooSlow",
  "declaredRide",
  "declaredSwim",
  "declaredPaddle",
  "declaredHike",
  "declaredOther",
  "notMoving",
  "corrupt",
] as const satisfies ReadonlyArray<keyof typeof proofMessages>;
export type StravaRefusal = (typeof stravaRefusals)[number];

/** Sports on Strava are changed in the activity's settings; an update there is read again (issue 56). */
const ifItWasARun = "If it was a run, change its sport to Run on Strava.";

/**
 * proofMessages' refusals for an activity that came from Strava: he chose no file, so none is asked for; what he can
 * do is on Strava (change the sport) or on his next run.
 */
export const stravaMessages: Record<StravaRefusal, string> = {
  manual: "This activity was typed in by hand on Strava, not recorded. Only a recorded run counts as proof.",
  noTimes:
    "Strava has no times for this activity, so it cannot show how long you ran. Record your run with a watch or app.",
  tooFewPoints: `Strava has too few recorded points for this activity to check it: it needs at least ${MIN_TRACKPOINTS}. Record your whole run with a watch or app.`,
  tooManyPoints: `This Strava activity has more than ${thousands(MAX_ACTIVITY_POINTS)} recorded points, more than one run holds.`,
  tooOld: `This Strava activity is more than ${MAX_ACTIVITY_AGE_DAYS} days old. Only a run from the last week counts.`,
  inFuture: "This Strava activity starts in the future. Check the date and time on your watch or phone.",
  tooFast: `This Strava activity looks like a ride or a drive, not a run: faster than ${formatPace(FASTEST_RUN_PACE_SECONDS_PER_KM)} or above ${MAX_RUN_SPEED_KMH} km/h.`,
  tooSlow: `This Strava activity looks like a walk, a hike or a paddle, not a run: slower than ${formatPace(SLOWEST_RUN_PACE_SECONDS_PER_KM)} over its moving time. ${ifItWasARun}`,
  declaredRide: `Strava says this is a ride, not a run. ${ifItWasARun}`,
  declaredSwim: `Strava says this is a swim, not a run. ${ifItWasARun}`,
  declaredPaddle: `Strava says this is a paddle (kayak, canoe, rowing or stand-up paddle), not a run. ${ifItWasARun}`,
  declaredHike: `Strava says this is a hike, not a run. ${ifItWasARun}`,
  declaredOther: `Strava says this is another sport, not a run. ${ifItWasARun}`,
  notMoving: "This Strava activity shows no movement. Only a recorded run counts as proof.",
  corrupt: "Strava's data for this activity could not be read. Try again later, or upload the file from your watch.",
};
