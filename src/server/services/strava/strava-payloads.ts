import { z } from "zod";

/**
 * What Strava's API v3 answers, as far as the app reads it (https://developers.strava.com/docs/reference/). Strict on
 * the fields used, loose on the rest: Strava adds fields without notice (sport_type in 2022, the read rate limits in
 * 2024), and an answer with one more field must still be read.
 */

/** Strava's ids outgrow 32 bits (activities are past 10^10): JSON numbers, which JavaScript holds exactly to 2^53. */
const stravaId = z.number().int().nonnegative();

const summaryAthleteSchema = z
  .object({
    id: stravaId,
    // Null for an athlete whose profile Strava does not show in full, and absent at resource_state 1.
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
  })
  .loose();
type SummaryAthlete = z.infer<typeof summaryAthleteSchema>;

export const detailedAthleteSchema = summaryAthleteSchema;
export type DetailedAthlete = SummaryAthlete;

/** POST /oauth/token with grant_type=authorization_code. */
export const tokenExchangeSchema = z
  .object({
    token_type: z.literal("Bearer").optional(),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    /** Seconds since the epoch. */
    expires_at: z.number().int(),
    expires_in: z.number().int().optional(),
    athlete: summaryAthleteSchema,
  })
  .loose();
export type TokenExchange = z.infer<typeof tokenExchangeSchema>;

/** POST /oauth/token with grant_type=refresh_token: no athlete, and the refresh token may be a new one. */
export const tokenRefreshSchema = tokenExchangeSchema.omit({ athlete: true });
export type TokenRefresh = z.infer<typeof tokenRefreshSchema>;

export const detailedActivitySchema = z
  .object({
    id: stravaId,
    athlete: z.object({ id: stravaId }).loose(),
    name: z.string().nullish(),
    /** Deprecated by Strava for sport_type, still sent; the only one on activities from before 2022. */
    type: z.string().nullish(),
    sport_type: z.string().nullish(),
    /** ISO date-time, UTC ("2018-11-04T14:53:46Z"). */
    start_date: z.iso.datetime({ offset: true }),
    /** Metres. */
    distance: z.number().nonnegative(),
    /** Seconds. */
    moving_time: z.number().nonnegative(),
    elapsed_time: z.number().nonnegative(),
    manual: z.boolean().default(false),
    trainer: z.boolean().default(false),
    private: z.boolean().default(false),
    /** "everyone", "followers_only" or "only_me"; absent on old answers. */
    visibility: z.string().nullish(),
    average_speed: z.number().nullish(),
    max_speed: z.number().nullish(),
    map: z.object({ summary_polyline: z.string().nullish() }).loose().nullish(),
  })
  .loose();
export type DetailedActivity = z.infer<typeof detailedActivitySchema>;

const streamMeta = {
  series_type: z.string().optional(),
  original_size: z.number().int().optional(),
  resolution: z.string().optional(),
};
/** Old answers (low and medium resolution) hold null where a sample had no value. */
const numberStream = z.object({ data: z.array(z.number().nullable()), ...streamMeta }).loose();
const latlngStream = z.object({ data: z.array(z.tuple([z.number(), z.number()]).nullable()), ...streamMeta }).loose();
const booleanStream = z.object({ data: z.array(z.boolean().nullable()), ...streamMeta }).loose();

/** GET /activities/{id}/streams?key_by_type=true: any key may be absent (no GPS, no distance on a manual entry). */
export const activityStreamsSchema = z
  .object({
    time: numberStream.optional(),
    latlng: latlngStream.optional(),
    distance: numberStream.optional(),
    moving: booleanStream.optional(),
    altitude: numberStream.optional(),
  })
  .loose();
export type ActivityStreams = z.infer<typeof activityStreamsSchema>;

/**
 * What Strava POSTs to the push subscription's callback (https://developers.strava.com/docs/webhooks/). `updates` holds
 * what changed: "title", "type", "private" ("true"/"false") for an activity; "authorized": "false" when he revoked
 * the app.
 */
export const webhookEventSchema = z
  .object({
    object_type: z.enum(["activity", "athlete"]),
    object_id: stravaId,
    aspect_type: z.enum(["create", "update", "delete"]),
    updates: z.record(z.string(), z.string()).default({}),
    owner_id: stravaId,
    // Strava's documentation shows a number; stravalib's tests a string.
    subscription_id: z.coerce.number().int(),
    /** Seconds since the epoch. */
    event_time: z.number().int(),
  })
  .loose();
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** POST and GET /push_subscriptions: the app's one subscription. */
export const pushSubscriptionSchema = z
  .object({
    id: stravaId,
    // Creating answers only `{ "id": 1 }`; listing gives the rest.
    callback_url: z.string().optional(),
    application_id: stravaId.optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .loose();
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/**
 * Strava's Fault: `{ message, errors: [{ resource, field, code }] }`. Read for the operator's log only, so loosely: a
 * 429 has been seen to answer `errors` as a plain string.
 */
export const stravaFaultSchema = z
  .object({
    message: z.string().optional(),
    errors: z
      .union([
        z.array(
          z
            .object({ resource: z.string().optional(), field: z.string().optional(), code: z.string().optional() })
            .loose(),
        ),
        z.string(),
      ])
      .optional(),
  })
  .loose();
