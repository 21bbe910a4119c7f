import { z } from "zod";
import { answer } from "../answer.ts";
import {
  activityFormats,
  FASTEST_RUN_PACE_SECONDS_PER_KM,
  formatPace,
  MAX_ACTIVITY_AGE_DAYS,
  MAX_ACTIVITY_POINTS,
  MAX_RUN_SPEED_KMH,
  MIN_TRACKPOINTS,
  PROOF_FILE_MAX_MB,
  SLOWEST_RUN_PACE_SECONDS_PER_KM,
} from "./rules.ts";

/** Every answer to a proof file, used verbatim by the server and the screens. */
/** 200000 as "200,000", without Intl: a message built as the module loads should not load the locale data. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

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
  tooManyPoints: `This file has more than ${thousands(MAX_ACTIVITY_POINTS)} recorded points, more than one activity holds. Please upload a single activity.`,
  timedOut: "We could not finish reading this file in time. Please try again in a moment.",
  busy: "Many files are being checked right now. Please try again in a few seconds.",
  accountBusy: "Your other uploads are still being checked. Please wait for them to finish, then try again.",
  photoUnreadable: "This photo could not be read. Please choose a JPEG, PNG, WebP or HEIC image.",
  uploadFailed: "Could not upload your proof. Please try again.",
  proofNotFound: "This proof is no longer there.",
} as const;

export type ProofErrorCode = Exclude<
  keyof typeof proofMessages,
  "uploadFailed" | "proofNotFound" | "fileRequired" | "busy" | "accountBusy"
>;

/** A point of the route's shape, in whole metres east and north of its south-west corner: a shape, never a place. */
const routePointSchema = z.tuple([z.number(), z.number()]);
export type RoutePoint = z.infer<typeof routePointSchema>;

/** What was read from an activity file: the figures and the simplified shape of the route. */
export const activityReadingSchema = answer(
  z.object({
    format: z.enum(activityFormats),
    /** ISO date-time of the first point. */
    startedAt: z.string(),
    distanceMeters: z.number(),
    /** Seconds in motion: pauses over a minute left out. */
    movingSeconds: z.number(),
    /** Seconds from the first point to the last. */
    elapsedSeconds: z.number(),
    /** Moving time over distance. */
    paceSecondsPerKm: z.number(),
    /**
     * Where the distance and moving time come from: the device's own totals (a FIT session's, a TCX lap's), which the
     * track agreed with, or the track itself (a GPX, or totals the track did not bear out). Absent on readings stored
     * before issue 38, which were all the track's.
     */
    measuredBy: z.enum(["device", "track"]).optional(),
    /** At most ROUTE_MAX_POINTS points; empty for an activity without positions (a treadmill). */
    route: z.array(routePointSchema),
  }),
);
export type ActivityReading = z.infer<typeof activityReadingSchema>;

/** A milestone's proof, as its owner and his partners see it. */
export const proofSummarySchema = answer(
  z.discriminatedUnion("kind", [
    z.object({ id: z.string(), kind: z.literal("activity"), activity: activityReadingSchema, createdAt: z.string() }),
    z.object({
      id: z.string(),
      kind: z.literal("photo"),
      photo: z.object({ width: z.number(), height: z.number(), url: z.string() }),
      createdAt: z.string(),
    }),
  ]),
);
export type ProofSummary = z.infer<typeof proofSummarySchema>;

/** POST /api/milestones/:id/proof */
export const proofAddedSchema = answer(z.object({ proof: proofSummarySchema }));

/** The file of a proof upload (multipart field `file`): one non-empty file. */
export const proofFileField = z
  .instanceof(File, { error: proofMessages.fileRequired })
  .refine((file) => file.size > 0, proofMessages.fileRequired);

/** POST /api/milestones/:id/proof (multipart). */
export const milestoneProofFormSchema = z.object({ file: proofFileField });
