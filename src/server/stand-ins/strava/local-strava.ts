import { randomBytes } from "node:crypto";
import { createRateMeter, type RateLimits } from "./rate-limits.ts";
import {
  defaultName,
  detailedAthlete,
  iso,
  legacyType,
  offsetSeconds,
  present,
  summaryAthlete,
} from "./representations.ts";
import {
  type AccessToken,
  createStore,
  type DeliveryAttempt,
  type LocalActivity,
  type LocalAthlete,
  type LocalStreams,
  newSecret,
  SCOPES,
  type Scope,
  type SentEvent,
  type StravaEvent,
  unix,
  type Visibility,
} from "./store.ts";
import { summarize } from "./synthetic-route.ts";

/**
 * A stand-in for the part of Strava this app uses: OAuth (authorize page, token exchange and refresh with Strava's
 * rotation, deauthorize), the athlete, activities with their streams, the app's push subscription with its
 * hub.challenge handshake, push events with Strava's retries, and Strava's rate limits. The app's Strava client talks
 * to it over HTTP exactly as to www.strava.com; tests and the developer's /record page drive it through the control
 * methods below (recordActivity, updateActivity, …), which stand for what a man does in Strava's own app.
 * One job in one file, over 400 lines: one service's state and the rules that change it; its pages, HTTP API, store
 * and rate limits are files of their own.
 */

export type LocalStravaOptions = {
  clientId: string;
  clientSecret: string;
  /** The application's name as registered at Strava, shown on the authorize page. */
  appName?: string;
  /** Strava's "Authorization Callback Domain": redirect_uri must be on it (localhost and 127.0.0.1 always are). */
  callbackDomain?: string;
  /** JSON file that keeps the state across restarts (development); in memory without one. */
  file?: string;
  /** The clock of every expiry and rate-limit window. */
  now?: () => Date;
  /** Lifetime of an access token; Strava's is 6 hours. */
  accessTokenSeconds?: number;
  /** How an event reaches the subscription's callback; answers the HTTP status. Default: POST JSON with `fetch`. */
  deliver?: (callbackUrl: string, event: StravaEvent) => Promise<number>;
  /** Used for the subscription handshake's GET and the default delivery: lets the app answer in-process. */
  fetch?: typeof fetch;
  /** Strava waits 2 s for the callback, on the handshake and on each event. */
  callbackTimeoutMs?: number;
  /** Waits before the 2nd and 3rd attempt of an event; Strava's are longer, tests want them short. */
  retryDelaysMs?: number[];
  rateLimits?: Partial<RateLimits>;
};

export type FaultError = { resource: string; field: string; code: string };

/** Strava's Fault: `{ message, errors: [{ resource, field, code }] }`, with the status it comes with. */
export class LocalStravaError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FaultError[] = [],
  ) {
    super(message);
  }
  get body() {
    return { message: this.message, errors: this.errors };
  }
}

const badRequest = (resource: string, field: string, code: string) =>
  new LocalStravaError(400, "Bad Request", [{ resource, field, code }]);
const authorizationError = (resource: string, field: string, code: string) =>
  new LocalStravaError(401, "Authorization Error", [{ resource, field, code }]);
const notFound = (resource: string) =>
  new LocalStravaError(404, "Record Not Found", [{ resource, field: "id", code: "not found" }]);
const invalidToken = () => authorizationError("Athlete", "access_token", "invalid");

export type AuthorizeRequest = {
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string;
  approvalPrompt: string;
};

export type ActivitySpec = {
  /** "Run", "TrailRun", "Ride", "Walk", …: Strava's sport_type; the legacy `type` is derived from it. */
  sport_type?: string;
  name?: string;
  start?: Date;
  visibility?: Visibility;
  /** Shorthand for visibility "only_me" (true) or "everyone" (false). */
  private?: boolean;
  /** A recording (syntheticRoute() makes one); without it, `manual` figures make a manual entry. */
  streams?: LocalStreams;
  manual?: { distance: number; moving_time: number; elapsed_time?: number };
  /** IANA zone where he ran. */
  timeZone?: string;
  trainer?: boolean;
  commute?: boolean;
  device_name?: string | null;
};

export type ActivityChanges = {
  name?: string;
  sport_type?: string;
  /** The legacy field; sets sport_type too, as Strava's API does. */
  type?: string;
  visibility?: Visibility;
  private?: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` with a deadline; a late answer counts as no answer, as at Strava. */
async function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | "timeout"> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("timeout");
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createLocalStrava(options: LocalStravaOptions) {
  const store = createStore(options.file);
  const { state } = store;
  const now = options.now ?? (() => new Date());
  const accessTokenSeconds = options.accessTokenSeconds ?? 21_600;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 2000;
  const retryDelaysMs = options.retryDelaysMs ?? [1000, 3000];
  let deliver = options.deliver;
  let doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const meter = createRateMeter(now, options.rateLimits);

  function athlete(id: number) {
    const found = state.athletes[String(id)];
    if (!found) throw new Error(`No local Strava athlete ${id}`);
    return found;
  }

  function athleteByName(firstname: string) {
    const wanted = firstname.trim().toLowerCase();
    return Object.values(state.athletes).find((a) => a.firstname.toLowerCase() === wanted);
  }

  // ---- OAuth -------------------------------------------------------------------------------------------------------

  function checkClientId(clientId: string | undefined) {
    if (clientId !== options.clientId) throw badRequest("Application", "client_id", "invalid");
  }

  function checkCredentials(params: Record<string, string | undefined>) {
    checkClientId(params.client_id);
    if (params.client_secret !== options.clientSecret) {
      throw authorizationError("Application", "client_secret", "invalid");
    }
  }

  function checkRedirect(redirectUri: string | undefined) {
    let url: URL;
    try {
      url = new URL(redirectUri ?? "");
    } catch {
      throw badRequest("Application", "redirect_uri", "invalid");
    }
    const host = url.hostname;
    const domain = options.callbackDomain;
    const allowed =
      host === "localhost" || host === "127.0.0.1" || !domain || host === domain || host.endsWith(`.${domain}`);
    if (!allowed || !/^https?:$/.test(url.protocol)) throw badRequest("Application", "redirect_uri", "invalid");
    return url.toString();
  }

  /** GET /oauth/authorize's query, checked as Strava does before it shows the page. */
  function authorizeRequest(query: Record<string, string | undefined>): AuthorizeRequest {
    checkClientId(query.client_id);
    const redirectUri = checkRedirect(query.redirect_uri);
    if (query.response_type !== "code") throw badRequest("Authorize", "response_type", "invalid");
    const asked = (query.scope ?? "read").split(/[,\s]+/).filter(Boolean);
    if (asked.some((scope) => !SCOPES.includes(scope as Scope))) throw badRequest("Authorize", "scope", "invalid");
    return {
      clientId: options.clientId,
      redirectUri,
      scopes: SCOPES.filter((scope) => asked.includes(scope)),
      state: query.state ?? "",
      approvalPrompt: query.approval_prompt ?? "auto",
    };
  }

  /** He pressed Authorize: a code for the scopes he left ticked, `read` always among them. */
  function approve(request: AuthorizeRequest, choice: { firstname: string; granted: string[] }) {
    const firstname = choice.firstname.trim() || "Local Runner";
    let who = athleteByName(firstname);
    if (!who) {
      who = {
        id: state.nextAthleteId++,
        firstname,
        lastname: "",
        created_at: iso(now()),
        grant: null,
      };
      state.athletes[String(who.id)] = who;
    }
    const scopes = SCOPES.filter(
      (scope) => scope === "read" || (request.scopes.includes(scope) && choice.granted.includes(scope)),
    );
    const code = newSecret();
    state.codes[code] = { athleteId: who.id, scopes, expiresAt: unix(now()) + 600 };
    store.save();
    const url = new URL(request.redirectUri);
    url.searchParams.set("state", request.state);
    url.searchParams.set("code", code);
    url.searchParams.set("scope", scopes.join(","));
    return url.toString();
  }

  function deny(request: AuthorizeRequest) {
    const url = new URL(request.redirectUri);
    url.searchParams.set("state", request.state);
    url.searchParams.set("error", "access_denied");
    return url.toString();
  }

  function issueTokens(who: LocalAthlete, scopes: Scope[]) {
    // A new refresh token replaces the old one at once: whoever still holds the old one is refused.
    if (who.grant) delete state.refreshTokens[who.grant.refreshToken];
    const accessToken = newSecret();
    const refreshToken = newSecret();
    state.accessTokens[accessToken] = {
      athleteId: who.id,
      scopes,
      expiresAt: unix(now()) + accessTokenSeconds,
      revoked: false,
    };
    state.refreshTokens[refreshToken] = { athleteId: who.id };
    who.grant = { scopes, accessToken, refreshToken };
    return who.grant;
  }

  function tokenAnswer(grant: NonNullable<LocalAthlete["grant"]>) {
    const expiresAt = state.accessTokens[grant.accessToken]?.expiresAt ?? 0;
    return {
      token_type: "Bearer" as const,
      access_token: grant.accessToken,
      expires_at: expiresAt,
      expires_in: Math.max(0, expiresAt - unix(now())),
      refresh_token: grant.refreshToken,
    };
  }

  /** POST /oauth/token, both grants. */
  function token(params: Record<string, string | undefined>) {
    checkCredentials(params);
    const grantType = params.grant_type ?? (params.code ? "authorization_code" : undefined);
    if (grantType === "authorization_code") {
      const code = params.code ?? "";
      const granted = Object.hasOwn(state.codes, code) ? state.codes[code] : undefined;
      // Single use: the code is gone whether it was still good or not.
      delete state.codes[code];
      if (!granted || granted.expiresAt <= unix(now())) {
        store.save();
        throw badRequest("AuthorizationCode", "code", "invalid");
      }
      const who = athlete(granted.athleteId);
      const grant = issueTokens(who, granted.scopes);
      state.lastAuthorizedAthleteId = who.id;
      store.save();
      const { token_type, expires_at, expires_in, refresh_token, access_token } = tokenAnswer(grant);
      return { token_type, expires_at, expires_in, refresh_token, access_token, athlete: summaryAthlete(who) };
    }
    if (grantType === "refresh_token") {
      const presented = params.refresh_token ?? "";
      const holder = Object.hasOwn(state.refreshTokens, presented) ? state.refreshTokens[presented] : undefined;
      const who = holder ? state.athletes[String(holder.athleteId)] : undefined;
      if (!who?.grant) throw badRequest("RefreshToken", "refresh_token", "invalid");
      const current = state.accessTokens[who.grant.accessToken];
      // Strava hands back the same tokens while the access token has more than an hour left.
      const stillGood = current && !current.revoked && current.expiresAt - unix(now()) > 3600;
      const grant = stillGood ? who.grant : issueTokens(who, who.grant.scopes);
      store.save();
      return tokenAnswer(grant);
    }
    throw badRequest("Application", "grant_type", "invalid");
  }

  /** An access token that still works, or Strava's 401. */
  function authenticate(accessToken: string | undefined) {
    const found: AccessToken | undefined =
      accessToken && Object.hasOwn(state.accessTokens, accessToken) ? state.accessTokens[accessToken] : undefined;
    if (!found || found.revoked || found.expiresAt <= unix(now())) throw invalidToken();
    return { athlete: athlete(found.athleteId), scopes: found.scopes };
  }

  /** He revokes the app (POST /oauth/deauthorize, or in Strava's settings): every token ends, the app is told. */
  async function revoke(who: LocalAthlete) {
    for (const held of Object.values(state.accessTokens)) if (held.athleteId === who.id) held.revoked = true;
    for (const [refresh, holder] of Object.entries(state.refreshTokens)) {
      if (holder.athleteId === who.id) delete state.refreshTokens[refresh];
    }
    for (const [code, granted] of Object.entries(state.codes)) {
      if (granted.athleteId === who.id) delete state.codes[code];
    }
    who.grant = null;
    store.save();
    await emit(
      { object_type: "athlete", object_id: who.id, aspect_type: "update", owner_id: who.id },
      {
        authorized: "false",
      },
    );
  }

  // ---- Activities ---------------------------------------------------------------------------------------------------

  function activityRecord(id: number | string) {
    const found = Object.hasOwn(state.activities, String(id)) ? state.activities[String(id)] : undefined;
    if (!found) throw new Error(`No local Strava activity ${id}`);
    return found;
  }

  const canReadActivities = (scopes: Scope[]) =>
    scopes.includes("activity:read") || scopes.includes("activity:read_all");

  /** What a token may see: his own activities, not deleted, and only_me ones only with activity:read_all. */
  function visibleActivity(auth: { athlete: LocalAthlete; scopes: Scope[] }, id: string) {
    if (!canReadActivities(auth.scopes)) throw authorizationError("AccessToken", "activity:read_permission", "missing");
    const found = Object.hasOwn(state.activities, id) ? state.activities[id] : undefined;
    if (!found || found.deleted || found.athleteId !== auth.athlete.id) throw notFound("Activity");
    if (found.visibility === "only_me" && !auth.scopes.includes("activity:read_all")) throw notFound("Activity");
    return found;
  }

  const STREAM_TYPES = ["time", "distance", "latlng", "altitude", "moving"] as const;

  function streams(auth: { athlete: LocalAthlete; scopes: Scope[] }, id: string, keys: string[], keyByType: boolean) {
    const activity = visibleActivity(auth, id);
    const recorded = activity.streams;
    // A manual entry has no streams at all: Strava answers 404 rather than an empty set.
    if (!recorded) throw new LocalStravaError(404, "Resource Not Found", []);
    // Strava always includes distance, the series the others are indexed by.
    const wanted = STREAM_TYPES.filter((type) => type === "distance" || keys.includes(type));
    const present = wanted.flatMap((type) => {
      const data = recorded[type];
      if (!data) return [];
      return [{ type, data, series_type: "distance", original_size: data.length, resolution: "high" }];
    });
    if (!keyByType) return present;
    return Object.fromEntries(present.map(({ type, ...stream }) => [type, stream]));
  }

  /**
   * Who at the app hears of this activity: with activity:read_all, everything ("all"); with activity:read only, the
   * activities others can see ("visible"); without either, nothing.
   */
  function audience(activity: LocalActivity): "all" | "visible" | null {
    const scopes = state.athletes[String(activity.athleteId)]?.grant?.scopes ?? [];
    if (scopes.includes("activity:read_all")) return "all";
    return scopes.includes("activity:read") ? "visible" : null;
  }
  const seen = (activity: LocalActivity, visibility: Visibility) =>
    audience(activity) === "all" || (audience(activity) === "visible" && visibility !== "only_me");

  // ---- Push subscription and events ----------------------------------------------------------------------------------

  async function attempt(callbackUrl: string, event: StravaEvent): Promise<DeliveryAttempt["status"]> {
    try {
      const answer = await within(callbackTimeoutMs, async (signal) => {
        if (deliver) return deliver(callbackUrl, event);
        const response = await doFetch(callbackUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(event),
          signal,
        });
        await response.body?.cancel();
        return response.status;
      });
      return answer;
    } catch {
      return "network error";
    }
  }

  /** Strava POSTs the event and tries again, three attempts in all, until the callback answers 200 in time. */
  async function emit(
    subject: Pick<StravaEvent, "object_type" | "object_id" | "aspect_type" | "owner_id">,
    updates: Record<string, string> = {},
  ) {
    const subscription = state.subscription;
    const event: StravaEvent = {
      aspect_type: subject.aspect_type,
      event_time: unix(now()),
      object_id: subject.object_id,
      object_type: subject.object_type,
      owner_id: subject.owner_id,
      subscription_id: subscription?.id ?? 0,
      updates,
    };
    const sent: SentEvent = { event, callbackUrl: subscription?.callback_url ?? null, attempts: [], delivered: false };
    state.events.push(sent);
    // The file keeps the recent ones only: a developer's page lists them, nothing reads older ones.
    if (state.events.length > 500) state.events.splice(0, state.events.length - 500);
    store.save();
    if (!subscription) return sent;
    for (let round = 0; round < 3 && !sent.delivered; round++) {
      if (round > 0) await sleep(retryDelaysMs[round - 1] ?? retryDelaysMs.at(-1) ?? 0);
      const status = await attempt(subscription.callback_url, event);
      sent.attempts.push({ status });
      sent.delivered = status === 200;
    }
    store.save();
    return sent;
  }

  /** Strava's handshake: GET callback_url with hub.challenge, which must come back as JSON within 2 s. */
  async function verifyCallback(callbackUrl: string, verifyToken: string) {
    const challenge = randomBytes(16).toString("hex");
    const url = new URL(callbackUrl);
    url.searchParams.set("hub.verify_token", verifyToken);
    url.searchParams.set("hub.challenge", challenge);
    url.searchParams.set("hub.mode", "subscribe");
    let answer: { status: number; echoed: unknown } | "timeout";
    try {
      answer = await within(callbackTimeoutMs, async (signal) => {
        const response = await doFetch(url.toString(), { signal, headers: { accept: "application/json" } });
        const body = await response.text();
        let echoed: unknown;
        try {
          echoed = (JSON.parse(body) as Record<string, unknown>)["hub.challenge"];
        } catch {
          echoed = undefined;
        }
        return { status: response.status, echoed };
      });
    } catch {
      answer = "timeout";
    }
    if (answer === "timeout" || answer.status !== 200) {
      throw badRequest("PushSubscription", "callback url", "GET to callback URL does not return 200");
    }
    if (answer.echoed !== challenge) throw badRequest("PushSubscription", "callback url", "not verifiable");
  }

  return {
    clientId: options.clientId,
    appName: options.appName ?? "Unscroll",
    /** The stand-in's clock, for pages that record "minutes ago". */
    now,

    /** Set later when the receiver (the app) exists only after the stand-in. */
    setDelivery(fn: LocalStravaOptions["deliver"]) {
      deliver = fn;
    },
    /** The fetch used for the handshake (and for delivery without `deliver`): the app may answer it in-process. */
    setFetch(fn: typeof fetch) {
      doFetch = fn;
    },

    // OAuth, as the pages and the API serve it.
    authorizeRequest,
    approve,
    deny,
    token,
    authenticate,
    /** POST /oauth/deauthorize. */
    async deauthorize(accessToken: string | undefined) {
      const { athlete: who } = authenticate(accessToken);
      await revoke(who);
      return { access_token: accessToken ?? "" };
    },

    // API v3.
    meter,
    athleteOf: (auth: { athlete: LocalAthlete }) => detailedAthlete(auth.athlete),
    activityFor: (auth: { athlete: LocalAthlete; scopes: Scope[] }, id: string) =>
      present(visibleActivity(auth, id), 3),
    streams,
    /** GET /athlete/activities: newest first, or oldest first when only `after` is given, as Strava pages. */
    activitiesOf(
      auth: { athlete: LocalAthlete; scopes: Scope[] },
      query: { before?: number; after?: number; page?: number; perPage?: number },
    ) {
      if (!canReadActivities(auth.scopes))
        throw authorizationError("AccessToken", "activity:read_permission", "missing");
      const perPage = Math.min(200, Math.max(1, query.perPage ?? 30));
      const page = Math.max(1, query.page ?? 1);
      const ascending = query.after !== undefined && query.before === undefined;
      const list = Object.values(state.activities)
        .filter((a) => a.athleteId === auth.athlete.id && !a.deleted)
        .filter((a) => a.visibility !== "only_me" || auth.scopes.includes("activity:read_all"))
        .filter((a) => query.after === undefined || unix(new Date(a.start)) > query.after)
        .filter((a) => query.before === undefined || unix(new Date(a.start)) < query.before)
        .sort((a, b) => (ascending ? 1 : -1) * (Date.parse(a.start) - Date.parse(b.start)));
      return list.slice((page - 1) * perPage, page * perPage).map((a) => present(a, 2));
    },

    async createSubscription(params: Record<string, string | undefined>) {
      checkCredentials(params);
      if (!params.callback_url) throw badRequest("PushSubscription", "callback_url", "missing");
      if (!params.verify_token) throw badRequest("PushSubscription", "verify_token", "missing");
      if (state.subscription) throw badRequest("PushSubscription", "", "already exists");
      await verifyCallback(params.callback_url, params.verify_token);
      // Two creations racing through the handshake: only the first one stands.
      if (state.subscription) throw badRequest("PushSubscription", "", "already exists");
      const at = iso(now());
      state.subscription = {
        id: state.nextSubscriptionId++,
        callback_url: params.callback_url,
        created_at: at,
        updated_at: at,
      };
      store.save();
      return { id: state.subscription.id };
    },
    listSubscriptions(params: Record<string, string | undefined>) {
      checkCredentials(params);
      const s = state.subscription;
      return s
        ? [
            {
              id: s.id,
              resource_state: 2,
              application_id: Number(options.clientId),
              callback_url: s.callback_url,
              created_at: s.created_at,
              updated_at: s.updated_at,
            },
          ]
        : [];
    },
    deleteSubscription(id: string, params: Record<string, string | undefined>) {
      checkCredentials(params);
      if (!state.subscription || String(state.subscription.id) !== id) throw notFound("PushSubscription");
      state.subscription = null;
      store.save();
    },

    // Control: what a man does in Strava's app, and what a test wants to see.

    athlete,
    athleteByName,
    lastAuthorizedAthlete() {
      const id = state.lastAuthorizedAthleteId;
      return id === null ? undefined : state.athletes[String(id)];
    },
    activity: (id: number) => present(activityRecord(id), 3),
    subscription: () => state.subscription,
    /** The events Strava sent (or would have, without a subscription), oldest first. */
    events: () => state.events.map((sent) => sent.event),
    /** The same with each delivery's attempts and whether the callback took it. */
    deliveries: () => state.events,
    setRateLimits: meter.setLimits,
    /** Requests counted in the current windows, overall and read. */
    rateLimitUsage: meter.usage,
    /** The next `count` API answers are `status` (429 by default, or a 5xx): a "429 storm". */
    failNext: meter.failNext,

    /** He records an activity (his watch uploads it): it is stored and the app gets a `create` event. */
    async recordActivity(athleteId: number, spec: ActivitySpec) {
      const who = athlete(athleteId);
      if (!spec.streams && !spec.manual) throw new Error("An activity needs streams or manual figures");
      const sportType = spec.sport_type ?? "Run";
      const timeZone = spec.timeZone ?? "Europe/Berlin";
      const elapsed = spec.streams
        ? summarize(spec.streams).elapsed_time
        : (spec.manual?.elapsed_time ?? spec.manual?.moving_time ?? 0);
      const start = spec.start ?? new Date(now().getTime() - elapsed * 1000);
      const localHour = new Date(start.getTime() + offsetSeconds(start, timeZone) * 1000).getUTCHours();
      const activity: LocalActivity = {
        id: state.nextActivityId++,
        athleteId: who.id,
        name: spec.name ?? defaultName(sportType, localHour),
        sport_type: sportType,
        start: start.toISOString(),
        timeZone,
        visibility: spec.visibility ?? (spec.private ? "only_me" : "everyone"),
        manual: !spec.streams,
        trainer: spec.trainer ?? false,
        commute: spec.commute ?? false,
        device_name:
          spec.device_name === undefined ? (spec.streams ? "Garmin Forerunner 255" : null) : spec.device_name,
        manualFigures: spec.manual
          ? { ...spec.manual, elapsed_time: spec.manual.elapsed_time ?? spec.manual.moving_time }
          : null,
        streams: spec.streams ?? null,
        deleted: false,
      };
      state.activities[String(activity.id)] = activity;
      store.save();
      if (seen(activity, activity.visibility)) {
        await emit({ object_type: "activity", object_id: activity.id, aspect_type: "create", owner_id: who.id });
      }
      return present(activity, 3);
    },

    /**
     * He edits it: title, sport or privacy. With activity:read only, an activity made private is gone for the app
     * (a `delete` event) and one made visible again is new to it (`create`), as Strava documents.
     */
    async updateActivity(id: number, changes: ActivityChanges) {
      const activity = activityRecord(id);
      const before = { ...activity };
      if (changes.name !== undefined) activity.name = changes.name;
      const sportType = changes.sport_type ?? changes.type;
      if (sportType !== undefined) activity.sport_type = sportType;
      if (changes.visibility !== undefined) activity.visibility = changes.visibility;
      else if (changes.private !== undefined) {
        if (changes.private) activity.visibility = "only_me";
        else if (activity.visibility === "only_me") activity.visibility = "everyone";
      }
      store.save();
      if (activity.deleted) return present(activity, 3);
      const wasSeen = seen(activity, before.visibility);
      const isSeen = seen(activity, activity.visibility);
      const subject = { object_type: "activity" as const, object_id: activity.id, owner_id: activity.athleteId };
      if (wasSeen && !isSeen) await emit({ ...subject, aspect_type: "delete" });
      else if (!wasSeen && isSeen) await emit({ ...subject, aspect_type: "create" });
      else if (isSeen) {
        const updates: Record<string, string> = {};
        if (activity.name !== before.name) updates.title = activity.name;
        if (activity.sport_type !== before.sport_type) updates.type = legacyType(activity.sport_type);
        const wasPrivate = before.visibility === "only_me";
        const isPrivate = activity.visibility === "only_me";
        if (wasPrivate !== isPrivate) updates.private = String(isPrivate);
        if (Object.keys(updates).length > 0) await emit({ ...subject, aspect_type: "update" }, updates);
      }
      return present(activity, 3);
    },

    /** He deletes it at Strava. */
    async deleteActivity(id: number) {
      const activity = activityRecord(id);
      if (activity.deleted) return;
      activity.deleted = true;
      store.save();
      if (seen(activity, activity.visibility)) {
        await emit({
          object_type: "activity",
          object_id: activity.id,
          aspect_type: "delete",
          owner_id: activity.athleteId,
        });
      }
    },

    /** He revokes the app in Strava's settings. */
    async deauthorizeAthlete(athleteId: number) {
      await revoke(athlete(athleteId));
    },
  };
}

export type LocalStrava = ReturnType<typeof createLocalStrava>;
