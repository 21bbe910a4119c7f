import type { Env } from "#server/env.ts";

/** Where the local Strava answers, under the app's own address (development and tests, never production). */
export const LOCAL_STRAVA_PREFIX = "/local-strava";

/**
 * Which Strava this deployment talks to (decision 0165): a registered application (all three settings), the local
 * stand-in outside production without them (`npm start` works with no Strava account), or none in production without
 * them: Strava is then not offered.
 */
export type StravaConfig =
  | { mode: "strava" | "local"; clientId: string; clientSecret: string; verifyToken: string; baseUrl: string }
  | { mode: "off" };

/** A Strava the app talks to: a registered application or the local stand-in. */
export type ActiveStravaConfig = Extract<StravaConfig, { mode: "strava" | "local" }>;

export function stravaConfigFrom(env: Env): StravaConfig {
  if (env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET && env.STRAVA_VERIFY_TOKEN) {
    return {
      mode: "strava",
      clientId: env.STRAVA_CLIENT_ID,
      clientSecret: env.STRAVA_CLIENT_SECRET,
      verifyToken: env.STRAVA_VERIFY_TOKEN,
      baseUrl: (env.STRAVA_BASE_URL ?? "https://www.strava.com").replace(/\/$/, ""),
    };
  }
  if (env.NODE_ENV === "production") return { mode: "off" };
  return {
    mode: "local",
    clientId: "1",
    clientSecret: "local-strava-secret",
    verifyToken: "local-strava-verify-token",
    baseUrl: `${env.APP_URL}${LOCAL_STRAVA_PREFIX}`,
  };
}

/** Where Strava sends him back after he answered its authorize page. */
export const stravaCallbackUrl = (env: Env) => `${env.APP_URL}/api/strava/callback`;
/** Where Strava POSTs its push events. */
export const stravaWebhookUrl = (env: Env) => `${env.APP_URL}/api/strava/webhook`;
