import { z } from "zod";
import { answer } from "../answer.ts";
import { activityFormats, proofMessages } from "./rules.ts";

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

/**
 * POST /api/milestones/:id/proof (multipart). `confirmMismatch` "true": he said yes to keeping an activity file as
 * proof of a milestone that is not about moving (issue 53 row 11); without it such a file is answered 409.
 */
export const milestoneProofFormSchema = z.object({
  file: proofFileField,
  confirmMismatch: z.enum(["true"]).optional(),
});
