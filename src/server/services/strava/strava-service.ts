import { resolve } from "node:path";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { localStravaFetch } from "#server/stand-ins/strava/api.ts";
import { createLocalStrava, type LocalStrava } from "#server/stand-ins/strava/local-strava.ts";
import type { StravaDeps } from "./connection.ts";
import { createStravaApi, type StravaUsage } from "./strava-api.ts";
import { LOCAL_STRAVA_PREFIX, stravaCallbackUrl, stravaConfigFrom } from "./strava-config.ts";
import { notYetReceiving, type StravaEventSink } from "./strava-queue.ts";
import { tokenCipher } from "./token-crypto.ts";

/**
 * Strava as the routes and jobs see it: the services' deps, the local stand-in when it plays Strava, and where the
 * webhook puts events (the queue, once the server started it). Null when this deployment offers no Strava.
 */
export type Strava = StravaDeps & { local: LocalStrava | null; events: StravaEventSink };

export function createStrava(env: Env, db: Db, logger: Logger): Strava | null {
  const config = stravaConfigFrom(env);
  if (config.mode === "off") return null;
  const usage: { latest: StravaUsage | null } = { latest: null };
  const common = {
    db,
    logger,
    config,
    cipher: tokenCipher(env.AUTH_SECRET),
    callbackUrl: stravaCallbackUrl(env),
    usage,
  };
  const credentials = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    onUsage: (reading: StravaUsage) => {
      usage.latest = reading;
    },
  };
  const events: StravaEventSink = { enqueue: notYetReceiving.enqueue };
  if (config.mode === "strava") {
    return { ...common, api: createStravaApi({ baseUrl: config.baseUrl, ...credentials }), local: null, events };
  }
  // The stand-in answers in-process under the app's own address: the real client's requests never leave the process.
  const local = createLocalStrava({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    file: resolve(env.DATA_DIR, "local-strava.json"),
  });
  const api = createStravaApi({
    baseUrl: config.baseUrl,
    ...credentials,
    fetch: localStravaFetch(local, LOCAL_STRAVA_PREFIX),
  });
  return { ...common, api, local, events };
}
