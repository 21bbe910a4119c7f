import { randomBytes } from "node:crypto";
import { keptState } from "../kept-state.ts";

/**
 * The state of the local Strava stand-in: athletes who authorized the app, their codes and tokens, their activities
 * with streams, the app's push subscription and the events sent. Kept in memory and, in development, in a JSON file
 * so a restart does not log the developer out of his local Strava or forget his runs.
 */

export type Scope =
  | "read"
  | "read_all"
  | "profile:read_all"
  | "profile:write"
  | "activity:read"
  | "activity:read_all"
  | "activity:write";

/** Strava's own order, which is the order of the `scope` it hands back. */
export const SCOPES: Scope[] = [
  "read",
  "read_all",
  "profile:read_all",
  "profile:write",
  "activity:read",
  "activity:read_all",
  "activity:write",
];

export type Visibility = "everyone" | "followers_only" | "only_me";

export type LocalStreams = {
  /** Seconds since the start. */
  time: number[];
  /** Metres since the start, as the device measured them. */
  distance: number[];
  latlng?: [number, number][];
  moving?: boolean[];
  altitude?: number[];
};

export type LocalAthlete = {
  id: number;
  firstname: string;
  lastname: string;
  created_at: string;
  /** The app's current grant; null once he revoked it (or never finished authorizing). */
  grant: { scopes: Scope[]; accessToken: string; refreshToken: string } | null;
};

export type LocalActivity = {
  id: number;
  athleteId: number;
  name: string;
  sport_type: string;
  /** UTC, ISO. */
  start: string;
  /** IANA zone of the place he ran, for start_date_local and Strava's "(GMT+01:00) Europe/Berlin". */
  timeZone: string;
  visibility: Visibility;
  manual: boolean;
  trainer: boolean;
  commute: boolean;
  device_name: string | null;
  /** Summary figures for a manual entry; derived from the streams otherwise. */
  manualFigures: { distance: number; moving_time: number; elapsed_time: number } | null;
  streams: LocalStreams | null;
  deleted: boolean;
};

export type AccessToken = { athleteId: number; scopes: Scope[]; expiresAt: number; revoked: boolean };

export type StravaEvent = {
  aspect_type: "create" | "update" | "delete";
  event_time: number;
  object_id: number;
  object_type: "activity" | "athlete";
  owner_id: number;
  subscription_id: number;
  updates: Record<string, string>;
};

export type DeliveryAttempt = { status: number | "timeout" | "network error" };

export type SentEvent = {
  event: StravaEvent;
  callbackUrl: string | null;
  attempts: DeliveryAttempt[];
  delivered: boolean;
};

type LocalSubscription = {
  id: number;
  callback_url: string;
  created_at: string;
  updated_at: string;
};

type State = {
  athletes: Record<string, LocalAthlete>;
  /** Authorization code → what it grants; removed when used. */
  codes: Record<string, { athleteId: number; scopes: Scope[]; expiresAt: number }>;
  accessTokens: Record<string, AccessToken>;
  /** Only the athlete's current refresh token is here: a rotated one is gone, as at Strava. */
  refreshTokens: Record<string, { athleteId: number }>;
  activities: Record<string, LocalActivity>;
  subscription: LocalSubscription | null;
  events: SentEvent[];
  lastAuthorizedAthleteId: number | null;
  nextAthleteId: number;
  nextActivityId: number;
  nextSubscriptionId: number;
};

const emptyState = (): State => ({
  athletes: {},
  codes: {},
  accessTokens: {},
  refreshTokens: {},
  activities: {},
  subscription: null,
  events: [],
  lastAuthorizedAthleteId: null,
  // Real athlete ids are in the hundreds of millions, activity ids past 10^10: ids that size catch a column or a
  // parser that assumes 32 bits.
  nextAthleteId: 180_000_001,
  nextActivityId: 12_000_000_001,
  nextSubscriptionId: 270_001,
});

/** Strava's codes and tokens are 40 hex characters. */
export const newSecret = () => randomBytes(20).toString("hex");
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export const createStore = (file?: string) => keptState(emptyState, file);
