import { z } from "zod";
import { answer } from "../answer.ts";
import { activityReadingSchema, proofSummarySchema } from "../proof/contracts.ts";
import { stravaOutcomes, stravaReturnPaths } from "./rules.ts";

/** An activity Strava sent, as he sees it: what became of it, and why. */
export const stravaActivitySchema = answer(
  z.object({
    /** Strava's id of the activity, as text (it is a 64-bit number at Strava). */
    id: z.string(),
    name: z.string(),
    /** Strava's sport_type ("Run", "Ride", ...). */
    sport: z.string(),
    startedAt: z.string().nullable(),
    outcome: z.enum(stravaOutcomes),
    /** Why it is not proof (`refused`), verbatim for the screen; null otherwise. */
    reason: z.string().nullable(),
    /** The checked figures and route, as for a file; null while waiting or when refused. */
    reading: activityReadingSchema.nullable(),
    /** The milestone it is offered for (`offered`) or proves (`used`). */
    milestone: z.object({ id: z.string(), text: z.string() }).nullable(),
  }),
);
export type StravaActivity = z.infer<typeof stravaActivitySchema>;

/** GET /api/strava */
export const stravaStatusSchema = answer(
  z.object({
    /** False when this server has no Strava application configured: the screens offer files only. */
    available: z.boolean(),
    /** The local stand-in plays Strava (development and tests, never production). */
    local: z.boolean(),
    connection: z.object({ athleteName: z.string(), connectedAt: z.string() }).nullable(),
    /** Strava's limits hold his newest events back for now: "Strava is busy, your run will appear shortly." */
    busy: z.boolean(),
    /** The activities of the last 7 days, newest first. */
    activities: z.array(stravaActivitySchema),
  }),
);
export type StravaStatus = z.infer<typeof stravaStatusSchema>;

/** POST /api/strava/connect: where to come back to once Strava answered. */
export const stravaConnectSchema = z.strictObject({ returnTo: z.enum(stravaReturnPaths) });
export type StravaConnectRequest = z.input<typeof stravaConnectSchema>;
export const stravaConnectAnswerSchema = answer(z.object({ url: z.string() }));

/** POST /api/strava/activities/:id/use: the proof it became. */
export const stravaUsedSchema = answer(z.object({ proof: proofSummarySchema }));

export const stravaActivityParamSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/, "Unknown activity"),
});

/** GET /api/strava/webhook: Strava's handshake, answered with its own challenge. */
export const stravaChallengeAnswerSchema = answer(z.object({ "hub.challenge": z.string() }));
/** POST /api/strava/webhook: the event is in the queue. */
export const stravaEventReceivedSchema = answer(z.object({ received: z.literal(true) }));
