import type { z } from "zod";
import {
  type ActivityStreams,
  activityStreamsSchema,
  type DetailedActivity,
  type DetailedAthlete,
  detailedActivitySchema,
  detailedAthleteSchema,
  type PushSubscription,
  pushSubscriptionSchema,
  stravaFaultSchema,
  type TokenExchange,
  type TokenRefresh,
  tokenExchangeSchema,
  tokenRefreshSchema,
} from "./strava-payloads.ts";

export type StravaErrorKind =
  | "rateLimited"
  | "unauthorized"
  | "notFound"
  | "badRequest"
  | "unavailable"
  | "invalidAnswer";

/**
 * Everything that can go wrong talking to Strava, by what the caller does about it: wait until `retryAt`
 * (rateLimited), ask him to connect again (unauthorized; badRequest from a refresh), forget the activity (notFound),
 * retry later (unavailable). The message holds the kind, the status and Strava's own message, never a token or the
 * secret, so it can be logged as it is.
 */
export class StravaError extends Error {
  constructor(
    readonly kind: StravaErrorKind,
    /** The HTTP status; null when no answer came (network, timeout). */
    readonly status: number | null,
    /** Strava's `message` and its errors' resource/field/code, for the operator's log. */
    readonly stravaMessage: string | null,
    /** For rateLimited: when the window that is full opens again. */
    readonly retryAt: Date | null = null,
    options?: ErrorOptions,
  ) {
    super(`Strava ${kind}${status != null ? ` (${status})` : ""}${stravaMessage ? `: ${stravaMessage}` : ""}`, options);
    this.name = "StravaError";
  }
}

/** One of Strava's limits: requests used and allowed in the current 15 minutes and in the current UTC day. */
type RateWindow = { used: number; limit: number };
type RateLimitPair = { fifteenMinutes: RateWindow; daily: RateWindow };

/**
 * The latest usage Strava reported. `overall` counts every request; `read` (X-ReadRateLimit-*, since 2024) only the
 * reads, with lower limits: either can be the one that runs out.
 */
export type StravaUsage = { at: Date; overall: RateLimitPair | null; read: RateLimitPair | null };

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
/** Long enough for Strava on a slow day, short enough that a job holding a worker gives up and retries. */
const REQUEST_TIMEOUT_MS = 10_000;

function pairFrom(limit: string | null, usage: string | null): RateLimitPair | null {
  if (limit == null || usage == null) return null;
  const [shortLimit, dayLimit] = limit.split(",").map((part) => Number(part.trim()));
  const [shortUsed, dayUsed] = usage.split(",").map((part) => Number(part.trim()));
  const numbers = [shortLimit, dayLimit, shortUsed, dayUsed];
  if (!numbers.every((n) => n != null && Number.isFinite(n) && n >= 0)) return null;
  return {
    fifteenMinutes: { used: shortUsed!, limit: shortLimit! },
    daily: { used: dayUsed!, limit: dayLimit! },
  };
}

/** The usage an answer's headers report, or null when they carry none (the OAuth endpoints, a proxy's error page). */
export function usageFromHeaders(headers: Headers, now: Date): StravaUsage | null {
  const overall = pairFrom(headers.get("x-ratelimit-limit"), headers.get("x-ratelimit-usage"));
  const read = pairFrom(headers.get("x-readratelimit-limit"), headers.get("x-readratelimit-usage"));
  return overall || read ? { at: now, overall, read } : null;
}

/** Strava's 15-minute windows start at :00, :15, :30 and :45 UTC; its day at midnight UTC. */
function nextQuarterHour(now: Date): Date {
  return new Date((Math.floor(now.getTime() / FIFTEEN_MINUTES_MS) + 1) * FIFTEEN_MINUTES_MS);
}
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Until when requests should wait, or null when they may go: the next UTC midnight when a daily limit is within
 * `reserve` requests of full, else the next quarter hour when a 15-minute one is. A job passes a reserve to stop
 * before Strava refuses (and leave room for the requests a man's own click needs); a 429 is read with none.
 */
export function rateLimitedUntil(usage: StravaUsage | null, now: Date, reserve = 0): Date | null {
  const pairs = [usage?.overall, usage?.read].filter((pair): pair is RateLimitPair => pair != null);
  const full = (window: RateWindow) => window.used + reserve >= window.limit;
  if (pairs.some((pair) => full(pair.daily))) return nextUtcMidnight(now);
  if (pairs.some((pair) => full(pair.fifteenMinutes))) return nextQuarterHour(now);
  return null;
}

function faultText(body: unknown): string | null {
  const fault = stravaFaultSchema.safeParse(body);
  if (!fault.success) return null;
  const { message, errors } = fault.data;
  const details =
    typeof errors === "string"
      ? [errors]
      : (errors ?? []).map((e) => [e.resource, e.field, e.code].filter((part) => part).join(" "));
  const text = [message, ...details].filter((part) => part).join("; ");
  // Strava's own words, cut short: an error page from a proxy is not worth a log line of HTML.
  return text ? text.slice(0, 300) : null;
}

function kindOf(status: number): StravaErrorKind {
  if (status === 429) return "rateLimited";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "notFound";
  if (status >= 500) return "unavailable";
  return "badRequest";
}

export type StravaApiOptions = {
  /** https://www.strava.com, or the local stand-in's origin. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Every usage Strava reports, as it comes: a job reads it to wait before the limit rather than after. */
  onUsage?: (usage: StravaUsage) => void;
  timeoutMs?: number;
};

export type StravaScope = "read" | "read_all" | "profile:read_all" | "activity:read" | "activity:read_all";

export type StravaApi = ReturnType<typeof createStravaApi>;

type Request = {
  method: "GET" | "POST" | "DELETE";
  url: URL;
  accessToken?: string;
  form?: Record<string, string>;
};

/**
 * The app's client of Strava's API v3 and OAuth endpoints. Every answer is checked against strava-payloads.ts; every
 * failure is a StravaError. Nothing here retries or waits: the jobs decide that from the error's kind and `retryAt`.
 */
export function createStravaApi(options: StravaApiOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const apiUrl = (path: string) => new URL(`${base}/api/v3${path}`);
  const appCredentials = { client_id: options.clientId, client_secret: options.clientSecret };

  async function send(request: Request): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers,
        body: request.form ? new URLSearchParams(request.form) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The cause may quote the URL, which carries the secret for the subscription endpoints: kept off the message,
      // and only its name kept as the cause.
      const reason = error instanceof Error ? error.name : "network error";
      throw new StravaError("unavailable", null, reason === "TimeoutError" ? "timed out" : reason);
    }
    const at = now();
    const usage = usageFromHeaders(response.headers, at);
    if (usage) options.onUsage?.(usage);
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!response.ok) {
      const kind = kindOf(response.status);
      const retryAt = kind === "rateLimited" ? (rateLimitedUntil(usage, at) ?? nextQuarterHour(at)) : null;
      throw new StravaError(kind, response.status, faultText(body), retryAt);
    }
    if (body === undefined) throw new StravaError("invalidAnswer", response.status, "not JSON");
    return { status: response.status, body };
  }

  async function parsed<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
    const { status, body } = await send(request);
    const result = schema.safeParse(body);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new StravaError("invalidAnswer", status, issue ? `${issue.path.join(".")}: ${issue.message}` : null);
    }
    return result.data;
  }

  return {
    /** Where to send him to allow the app: Strava comes back to `redirectUri` with `code`, `scope` and `state`. */
    authorizeUrl(params: {
      redirectUri: string;
      state: string;
      /** Strava joins several with commas; "activity:read" sees his runs that are not "only me". */
      scope: StravaScope | readonly StravaScope[];
      approvalPrompt?: "auto" | "force";
    }): string {
      const url = new URL(`${base}/oauth/authorize`);
      url.searchParams.set("client_id", options.clientId);
      url.searchParams.set("redirect_uri", params.redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("approval_prompt", params.approvalPrompt ?? "auto");
      url.searchParams.set("scope", typeof params.scope === "string" ? params.scope : params.scope.join(","));
      url.searchParams.set("state", params.state);
      return url.toString();
    },

    /** The tokens and the athlete for the code Strava came back with; a code is good once (badRequest after). */
    exchangeCode(code: string): Promise<TokenExchange> {
      return parsed(
        {
          method: "POST",
          url: new URL(`${base}/oauth/token`),
          form: { ...appCredentials, code, grant_type: "authorization_code" },
        },
        tokenExchangeSchema,
      );
    },

    /**
     * New tokens. Strava may answer a new refresh token, and the old one then stops working once the new access token
     * is used: whatever is answered must be stored before anything else is done with it.
     */
    refresh(refreshToken: string): Promise<TokenRefresh> {
      return parsed(
        {
          method: "POST",
          url: new URL(`${base}/oauth/token`),
          form: { ...appCredentials, refresh_token: refreshToken, grant_type: "refresh_token" },
        },
        tokenRefreshSchema,
      );
    },

    /** Revokes the app's access for him: every token of his stops working. */
    async deauthorize(accessToken: string): Promise<void> {
      await send({ method: "POST", url: new URL(`${base}/oauth/deauthorize`), accessToken });
    },

    athlete(accessToken: string): Promise<DetailedAthlete> {
      return parsed({ method: "GET", url: apiUrl("/athlete"), accessToken }, detailedAthleteSchema);
    },

    activity(accessToken: string, id: number): Promise<DetailedActivity> {
      const url = apiUrl(`/activities/${encodeURIComponent(String(id))}`);
      url.searchParams.set("include_all_efforts", "false");
      return parsed({ method: "GET", url, accessToken }, detailedActivitySchema);
    },

    /** The streams a proof reads, keyed by type; a key Strava has no data for is absent. */
    streams(accessToken: string, id: number): Promise<ActivityStreams> {
      const url = apiUrl(`/activities/${encodeURIComponent(String(id))}/streams`);
      url.searchParams.set("keys", "time,latlng,distance,moving");
      url.searchParams.set("key_by_type", "true");
      return parsed({ method: "GET", url, accessToken }, activityStreamsSchema);
    },

    /**
     * Creates the app's push subscription. Strava checks the callback before it answers (a GET with hub.challenge and
     * `verifyToken`), so the callback must already be served; an app has one subscription at most.
     */
    createSubscription(callbackUrl: string, verifyToken: string): Promise<PushSubscription> {
      return parsed(
        {
          method: "POST",
          url: apiUrl("/push_subscriptions"),
          form: { ...appCredentials, callback_url: callbackUrl, verify_token: verifyToken },
        },
        pushSubscriptionSchema,
      );
    },

    async listSubscriptions(): Promise<PushSubscription[]> {
      const url = apiUrl("/push_subscriptions");
      for (const [key, value] of Object.entries(appCredentials)) url.searchParams.set(key, value);
      return parsed({ method: "GET", url }, pushSubscriptionSchema.array());
    },

    async deleteSubscription(id: number): Promise<void> {
      const url = apiUrl(`/push_subscriptions/${encodeURIComponent(String(id))}`);
      for (const [key, value] of Object.entries(appCredentials)) url.searchParams.set(key, value);
      await send({ method: "DELETE", url });
    },
  };
}
