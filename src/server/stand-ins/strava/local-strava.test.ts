import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { localStravaApi } from "./api.ts";
import { createLocalStrava, type LocalStravaOptions } from "./local-strava.ts";
import { localStravaPages } from "./pages.ts";
import type { StravaEvent } from "./store.ts";
import { decodePolyline, haversine, summarize, syntheticRoute } from "./synthetic-route.ts";

// Over 400 lines and one job: the stand-in's whole contract with the app's Strava client, over one server and one moved
// clock.

/**
 * The stand-in over real HTTP, mounted under a prefix as the app mounts it, on a clock the test moves. What it proves
 * is what the app's Strava client may rely on, real Strava's behaviour included where it bites (code single use,
 * refresh rotation, private activities as 404s, rate-limit windows).
 */

const CLIENT_ID = "4242";
const CLIENT_SECRET = "local-secret";
const PREFIX = "/local-strava";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(fetchHandler: (request: Request) => Response | Promise<Response>) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: fetchHandler, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function start(options: Partial<LocalStravaOptions> = {}) {
  let clock = new Date("2026-03-02T07:58:00Z");
  const strava = createLocalStrava({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now: () => clock,
    retryDelaysMs: [1, 1],
    ...options,
  });
  let root: Hono | undefined;
  const origin = await listen((request) => (root as Hono).fetch(request));
  root = new Hono();
  root.route(PREFIX, localStravaApi(strava));
  root.route(PREFIX, localStravaPages(strava, { appOrigin: origin }));
  const base = `${origin}${PREFIX}`;

  const form = (fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
    return body;
  };

  /** The browser's way through the authorize page: its own form, posted from the app's origin. */
  async function authorize(
    fields: { firstname?: string; granted?: string[]; decision?: string; scope?: string; state?: string } = {},
  ) {
    const scope = fields.scope ?? "read,activity:read_all";
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: "http://localhost:3000/api/strava/callback",
      response_type: "code",
      approval_prompt: "force",
      scope,
      state: fields.state ?? "state-123",
    });
    const pageAnswer = await fetch(`${base}/oauth/authorize?${query}`);
    expect(pageAnswer.status).toBe(200);
    const answer = await fetch(`${base}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { origin },
      body: form({
        client_id: CLIENT_ID,
        redirect_uri: "http://localhost:3000/api/strava/callback",
        scope,
        state: fields.state ?? "state-123",
        firstname: fields.firstname ?? "Marcus",
        granted: fields.granted ?? scope.split(","),
        decision: fields.decision ?? "authorize",
      }),
    });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get("location") ?? "");
  }

  const token = (fields: Record<string, string>) =>
    fetch(`${base}/oauth/token`, {
      method: "POST",
      body: form({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...fields }),
    });

  async function connect(firstname = "Marcus", scope = "read,activity:read_all") {
    const code = (await authorize({ firstname, scope })).searchParams.get("code") ?? "";
    const answer = await token({ code, grant_type: "authorization_code" });
    expect(answer.status).toBe(200);
    return (await answer.json()) as {
      access_token: string;
      refresh_token: string;
      expires_at: number;
      expires_in: number;
      athlete: { id: number; firstname: string };
    };
  }

  const api = (path: string, accessToken?: string, init: RequestInit = {}) =>
    fetch(`${base}/api/v3${path}`, {
      ...init,
      headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...init.headers },
    });

  return {
    strava,
    origin,
    base,
    authorize,
    token,
    connect,
    api,
    form,
    advance(seconds: number) {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
    setClock(date: Date) {
      clock = date;
    },
    now: () => clock,
  };
}

/** A callback as the app's webhook would be: answers the handshake its way and keeps what is POSTed. */
async function callback(
  handshake: (query: URLSearchParams) => Response | Promise<Response> = (query) =>
    Response.json({ "hub.challenge": query.get("hub.challenge") }),
) {
  const received: StravaEvent[] = [];
  const url = await listen(async (request) => {
    if (request.method === "GET") return handshake(new URL(request.url).searchParams);
    received.push((await request.json()) as StravaEvent);
    return new Response(null, { status: 200 });
  });
  return { url: `${url}/api/strava/webhook`, received };
}

const run = (km = 5, paceSecondsPerKm = 330, start = new Date("2026-03-02T06:30:00Z")) =>
  syntheticRoute({ km, paceSecondsPerKm, start });

describe("the authorize page", () => {
  it("asks for each scope with a box ticked by default, under a banner that says it is not Strava", async () => {
    const s = await start();
    const query = `client_id=${CLIENT_ID}&redirect_uri=http://localhost:3000/cb&response_type=code&scope=read,activity:read,activity:read_all&state=x`;
    const page = await (await fetch(`${s.base}/oauth/authorize?${query}`)).text();
    expect(page).toContain("Local Strava — no real Strava account");
    expect(page).toContain("Authorize Unscroll to connect to Strava");
    expect(page).toContain("View data about your activities");
    expect(page).toContain("View data about your private activities");
    expect(page.match(/type="checkbox" name="granted" value="[^"]+" checked/g)).toHaveLength(2);
    expect(page).not.toContain("<script");
  });

  it("refuses an unknown application with an error page", async () => {
    const s = await start();
    const answer = await fetch(
      `${s.base}/oauth/authorize?client_id=999&redirect_uri=http://localhost/cb&response_type=code`,
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Application client_id invalid");
  });

  it("redirects with state, code and the granted scopes, read always among them; a box unticked is not granted", async () => {
    const s = await start();
    const back = await s.authorize({ scope: "activity:read,activity:read_all", granted: ["activity:read"] });
    expect(back.origin + back.pathname).toBe("http://localhost:3000/api/strava/callback");
    expect(back.searchParams.get("state")).toBe("state-123");
    expect(back.searchParams.get("code")).toMatch(/^[0-9a-f]{40}$/);
    expect(back.searchParams.get("scope")).toBe("read,activity:read");
    const both = await s.authorize({ scope: "activity:read,activity:read_all" });
    expect(both.searchParams.get("scope")).toBe("read,activity:read,activity:read_all");
  });

  it("sends him back with error=access_denied when he cancels", async () => {
    const s = await start();
    const back = await s.authorize({ decision: "cancel" });
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("state-123");
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("refuses a form posted from another origin", async () => {
    const s = await start();
    const answer = await fetch(`${s.base}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "https://evil.example" },
      body: s.form({ client_id: CLIENT_ID, redirect_uri: "http://localhost/cb", decision: "authorize" }),
    });
    expect(answer.status).toBe(403);
  });

  it("keeps the same athlete for the same first name", async () => {
    const s = await start();
    const first = await s.connect("Marcus");
    const again = await s.connect("marcus");
    const other = await s.connect("Jon");
    expect(again.athlete.id).toBe(first.athlete.id);
    expect(other.athlete.id).not.toBe(first.athlete.id);
  });
});

describe("the token exchange", () => {
  it("answers Strava's shape, and a code works once only", async () => {
    const s = await start();
    const code = (await s.authorize()).searchParams.get("code") ?? "";
    const first = await s.token({ code, grant_type: "authorization_code" });
    const body = await first.json();
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 21_600,
      expires_at: Math.floor(s.now().getTime() / 1000) + 21_600,
      athlete: { id: expect.any(Number), firstname: "Marcus", resource_state: 2 },
    });
    expect(body.access_token).toMatch(/^[0-9a-f]{40}$/);
    const second = await s.token({ code, grant_type: "authorization_code" });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      message: "Bad Request",
      errors: [{ resource: "AuthorizationCode", field: "code", code: "invalid" }],
    });
  });

  it("refuses a code older than 10 minutes", async () => {
    const s = await start();
    const code = (await s.authorize()).searchParams.get("code") ?? "";
    s.advance(601);
    expect((await s.token({ code, grant_type: "authorization_code" })).status).toBe(400);
  });

  it("takes its parameters as JSON or in the query string too", async () => {
    const s = await start();
    const code = (await s.authorize()).searchParams.get("code") ?? "";
    const json = await fetch(`${s.base}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: Number(CLIENT_ID),
        client_secret: CLIENT_SECRET,
        code,
        grant_type: "authorization_code",
      }),
    });
    expect(json.status).toBe(200);
    const { refresh_token } = await json.json();
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      refresh_token,
      grant_type: "refresh_token",
    });
    expect((await fetch(`${s.base}/oauth/token?${query}`, { method: "POST" })).status).toBe(200);
  });

  it("answers 401 for a wrong client secret", async () => {
    const s = await start();
    const code = (await s.authorize()).searchParams.get("code") ?? "";
    const answer = await s.token({ code, grant_type: "authorization_code", client_secret: "wrong" });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      message: "Authorization Error",
      errors: [{ resource: "Application", field: "client_secret", code: "invalid" }],
    });
  });
});

describe("refreshing", () => {
  it("returns the same tokens while more than an hour is left, new ones after, and refuses the old refresh token", async () => {
    const s = await start();
    const first = await s.connect();
    s.advance(4 * 3600);
    const same = await (await s.token({ grant_type: "refresh_token", refresh_token: first.refresh_token })).json();
    expect(same).toMatchObject({
      access_token: first.access_token,
      refresh_token: first.refresh_token,
      expires_in: 7200,
    });
    expect(same).not.toHaveProperty("athlete");

    s.advance(3600 + 1);
    const rotated = await (await s.token({ grant_type: "refresh_token", refresh_token: first.refresh_token })).json();
    expect(rotated.access_token).not.toBe(first.access_token);
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated).toMatchObject({ token_type: "Bearer", expires_in: 21_600 });

    const old = await s.token({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({
      message: "Bad Request",
      errors: [{ resource: "RefreshToken", field: "refresh_token", code: "invalid" }],
    });
    // The old access token keeps working until it expires, as Strava documents.
    expect((await s.api("/athlete", first.access_token)).status).toBe(200);
    s.advance(3600);
    expect((await s.api("/athlete", first.access_token)).status).toBe(401);
    expect((await s.api("/athlete", rotated.access_token)).status).toBe(200);
  });

  it("lets only one of two refreshes with the same old token through: the trap two app instances fall into", async () => {
    const s = await start();
    const first = await s.connect();
    s.advance(5 * 3600 + 60);
    const answers = await Promise.all([
      s.token({ grant_type: "refresh_token", refresh_token: first.refresh_token }),
      s.token({ grant_type: "refresh_token", refresh_token: first.refresh_token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400) as Response;
    expect((await loser.json()).errors[0]).toEqual({
      resource: "RefreshToken",
      field: "refresh_token",
      code: "invalid",
    });
  });
});

describe("deauthorize", () => {
  it("revokes every token of the athlete and tells the subscription", async () => {
    const s = await start();
    const hook = await callback();
    await s.strava.createSubscription({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      callback_url: hook.url,
      verify_token: "v",
    });
    const tokens = await s.connect();
    const answer = await fetch(`${s.base}/oauth/deauthorize`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await answer.json()).toEqual({ access_token: tokens.access_token });
    const refused = await s.api("/athlete", tokens.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      message: "Authorization Error",
      errors: [{ resource: "Athlete", field: "access_token", code: "invalid" }],
    });
    expect((await s.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(400);
    const subscription = s.strava.subscription();
    expect(hook.received).toEqual([
      {
        aspect_type: "update",
        event_time: Math.floor(s.now().getTime() / 1000),
        object_id: tokens.athlete.id,
        object_type: "athlete",
        owner_id: tokens.athlete.id,
        subscription_id: subscription?.id,
        updates: { authorized: "false" },
      },
    ]);
  });

  it("sends the same event when he revokes in Strava's settings", async () => {
    const s = await start();
    const tokens = await s.connect();
    await s.strava.deauthorizeAthlete(tokens.athlete.id);
    expect(s.strava.events().at(-1)).toMatchObject({ object_type: "athlete", updates: { authorized: "false" } });
    expect((await s.api("/athlete", tokens.access_token)).status).toBe(401);
  });
});

describe("the athlete and his activities", () => {
  it("answers the detailed athlete", async () => {
    const s = await start();
    const tokens = await s.connect("Marcus");
    const athlete = await (await s.api("/athlete", tokens.access_token)).json();
    expect(athlete).toMatchObject({ id: tokens.athlete.id, resource_state: 3, firstname: "Marcus", premium: false });
    expect(athlete).toHaveProperty("profile_medium");
    expect(athlete).toHaveProperty("created_at");
  });

  it("answers a detailed activity with Strava's field names", async () => {
    const s = await start();
    const tokens = await s.connect();
    const recorded = await s.strava.recordActivity(tokens.athlete.id, {
      sport_type: "TrailRun",
      start: new Date("2026-03-02T06:30:00Z"),
      streams: run(),
    });
    const activity = await (await s.api(`/activities/${recorded.id}`, tokens.access_token)).json();
    expect(activity).toMatchObject({
      id: recorded.id,
      resource_state: 3,
      athlete: { id: tokens.athlete.id, resource_state: 1 },
      name: "Morning Trail Run",
      type: "Run",
      sport_type: "TrailRun",
      start_date: "2026-03-02T06:30:00Z",
      start_date_local: "2026-03-02T07:30:00Z",
      timezone: "(GMT+01:00) Europe/Berlin",
      utc_offset: 3600,
      manual: false,
      private: false,
      visibility: "everyone",
      trainer: false,
      commute: false,
      map: { id: `a${recorded.id}`, resource_state: 3 },
    });
    expect(activity.id).toBeGreaterThan(2 ** 32);
    expect(activity.distance).toBeCloseTo(5000, 0);
  });

  it("answers 404 for another athlete's activity, a deleted one, and a private one without activity:read_all", async () => {
    const s = await start();
    const marcus = await s.connect("Marcus", "read,activity:read");
    const jon = await s.connect("Jon", "read,activity:read_all");
    const hisRun = await s.strava.recordActivity(jon.athlete.id, { streams: run() });
    const privateRun = await s.strava.recordActivity(marcus.athlete.id, { streams: run(), visibility: "only_me" });
    const jonsPrivate = await s.strava.recordActivity(jon.athlete.id, { streams: run(), private: true });
    const gone = await s.strava.recordActivity(marcus.athlete.id, { streams: run() });
    await s.strava.deleteActivity(gone.id);

    const notFound = {
      message: "Record Not Found",
      errors: [{ resource: "Activity", field: "id", code: "not found" }],
    };
    for (const id of [hisRun.id, privateRun.id, gone.id]) {
      const answer = await s.api(`/activities/${id}`, marcus.access_token);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(notFound);
    }
    expect((await s.api(`/activities/${jonsPrivate.id}`, jon.access_token)).status).toBe(200);
  });

  it("answers 401 to a token without an activity scope", async () => {
    const s = await start();
    const tokens = await s.connect("Marcus", "read");
    const recorded = await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    const answer = await s.api(`/activities/${recorded.id}`, tokens.access_token);
    expect(answer.status).toBe(401);
    expect((await answer.json()).errors[0]).toEqual({
      resource: "AccessToken",
      field: "activity:read_permission",
      code: "missing",
    });
  });

  it("lists his activities newest first, and after a time oldest first", async () => {
    const s = await start();
    const tokens = await s.connect();
    const early = await s.strava.recordActivity(tokens.athlete.id, {
      streams: run(),
      start: new Date("2026-03-01T06:00:00Z"),
    });
    const late = await s.strava.recordActivity(tokens.athlete.id, {
      streams: run(),
      start: new Date("2026-03-02T06:00:00Z"),
    });
    const newest = await (await s.api("/athlete/activities", tokens.access_token)).json();
    expect(newest.map((a: { id: number }) => a.id)).toEqual([late.id, early.id]);
    expect(newest[0]).toMatchObject({ resource_state: 2 });
    const after = Date.parse("2026-02-28T00:00:00Z") / 1000;
    const oldest = await (await s.api(`/athlete/activities?after=${after}`, tokens.access_token)).json();
    expect(oldest.map((a: { id: number }) => a.id)).toEqual([early.id, late.id]);
  });
});

describe("streams", () => {
  it("answers an object keyed by type with key_by_type=true, and Strava's array without it", async () => {
    const s = await start();
    const tokens = await s.connect();
    const recorded = await s.strava.recordActivity(tokens.athlete.id, { streams: run(1, 300) });
    const keyed = await (
      await s.api(`/activities/${recorded.id}/streams?keys=time,latlng,moving&key_by_type=true`, tokens.access_token)
    ).json();
    expect(Object.keys(keyed).sort()).toEqual(["distance", "latlng", "moving", "time"]);
    expect(keyed.time).toEqual({
      data: expect.any(Array),
      series_type: "distance",
      original_size: keyed.time.data.length,
      resolution: "high",
    });
    expect(keyed.latlng.data[0]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(keyed.moving.data.every((m: unknown) => typeof m === "boolean")).toBe(true);

    const list = await (await s.api(`/activities/${recorded.id}/streams?keys=time`, tokens.access_token)).json();
    expect(list.map((stream: { type: string }) => stream.type).sort()).toEqual(["distance", "time"]);
    expect(list[0]).toMatchObject({ series_type: "distance", resolution: "high" });
  });

  it("answers 404 for a manual activity, which has none", async () => {
    const s = await start();
    const tokens = await s.connect();
    const manual = await s.strava.recordActivity(tokens.athlete.id, { manual: { distance: 5000, moving_time: 1800 } });
    expect(manual).toMatchObject({ manual: true, distance: 5000, moving_time: 1800, start_latlng: [] });
    const answer = await s.api(`/activities/${manual.id}/streams?keys=time&key_by_type=true`, tokens.access_token);
    expect(answer.status).toBe(404);
  });
});

describe("the synthetic route", () => {
  it("has a summary that agrees with its streams", async () => {
    const streams = syntheticRoute({
      km: 8.2,
      paceSecondsPerKm: 345,
      start: new Date("2026-03-02T06:00:00Z"),
      pauseSeconds: 30,
    });
    const s = await start();
    const tokens = await s.connect();
    const activity = await s.strava.recordActivity(tokens.athlete.id, { streams });
    const latlng = streams.latlng ?? [];
    let track = 0;
    for (let i = 1; i < latlng.length; i++)
      track += haversine(latlng[i - 1] as [number, number], latlng[i] as [number, number]);

    expect(activity.distance).toBeCloseTo(8200, 0);
    expect(Math.abs(track - activity.distance) / activity.distance).toBeLessThan(0.01);
    expect(activity.moving_time).toBe(Math.round(8.2 * 345));
    expect(activity.elapsed_time).toBe(activity.moving_time + 30);
    expect(activity.average_speed).toBeCloseTo(8200 / activity.moving_time, 2);
    expect(activity.max_speed).toBeGreaterThan(activity.average_speed);
    expect(activity.max_speed).toBeLessThan(activity.average_speed * 1.1);
    expect(activity.start_latlng).toEqual(latlng[0]);
    expect(activity.end_latlng).toEqual(latlng.at(-1));
    const outline = decodePolyline(activity.map.summary_polyline);
    expect(outline.length).toBeGreaterThan(50);
    expect(haversine(outline[0] as [number, number], latlng[0] as [number, number])).toBeLessThan(2);
    expect(summarize(streams).distance).toBe(activity.distance);
  });

  it("records a point every few seconds, as a watch does", () => {
    const streams = syntheticRoute({ km: 1, paceSecondsPerKm: 300, everySeconds: 3 });
    const gaps = streams.time.slice(1).map((t, i) => t - (streams.time[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3);
    expect(streams.time.at(-1)).toBe(300);
  });
});

describe("the push subscription", () => {
  it("is created once the callback echoes the challenge, listed, and deleted", async () => {
    const s = await start();
    let seen: URLSearchParams | undefined;
    const hook = await callback((query) => {
      seen = query;
      return Response.json({ "hub.challenge": query.get("hub.challenge") });
    });
    const created = await s.api("/push_subscriptions", undefined, {
      method: "POST",
      body: s.form({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, callback_url: hook.url, verify_token: "tok" }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    expect(seen?.get("hub.mode")).toBe("subscribe");
    expect(seen?.get("hub.verify_token")).toBe("tok");

    const listed = await (
      await s.api(`/push_subscriptions?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}`)
    ).json();
    expect(listed).toEqual([
      {
        id,
        resource_state: 2,
        application_id: Number(CLIENT_ID),
        callback_url: hook.url,
        created_at: "2026-03-02T07:58:00Z",
        updated_at: "2026-03-02T07:58:00Z",
      },
    ]);

    const second = await s.api("/push_subscriptions", undefined, {
      method: "POST",
      body: s.form({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, callback_url: hook.url, verify_token: "tok" }),
    });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      message: "Bad Request",
      errors: [{ resource: "PushSubscription", field: "", code: "already exists" }],
    });

    const deleted = await s.api(
      `/push_subscriptions/${id}?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}`,
      undefined,
      {
        method: "DELETE",
      },
    );
    expect(deleted.status).toBe(204);
    expect(
      await (await s.api(`/push_subscriptions?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}`)).json(),
    ).toEqual([]);
  });

  it("is refused when the callback does not echo the challenge", async () => {
    const s = await start();
    const wrong = await callback(() => Response.json({ "hub.challenge": "something else" }));
    const answer = await s.api(
      `/push_subscriptions?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, callback_url: wrong.url, verify_token: "t" })}`,
      undefined,
      { method: "POST" },
    );
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors[0]).toMatchObject({ resource: "PushSubscription", field: "callback url" });

    const refusing = await callback(() => new Response("forbidden", { status: 403 }));
    const refused = await s.strava
      .createSubscription({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        callback_url: refusing.url,
        verify_token: "t",
      })
      .catch((error) => error);
    expect(refused.body.errors[0].code).toBe("GET to callback URL does not return 200");
    expect(s.strava.subscription()).toBeNull();
  });

  it("gives the callback 2 seconds to answer", async () => {
    const s = await start();
    const never = await callback(() => new Promise<Response>(() => {}));
    const began = performance.now();
    const refused = await s.strava
      .createSubscription({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        callback_url: never.url,
        verify_token: "t",
      })
      .catch((error) => error);
    const waited = performance.now() - began;
    expect(refused.status).toBe(400);
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(5000);
  });
});

describe("rate limits", () => {
  it("counts every request in the headers and resets at the 15-minute mark and at midnight UTC", async () => {
    const s = await start();
    const tokens = await s.connect();
    s.setClock(new Date("2026-03-02T23:44:50Z"));
    const first = await s.api("/athlete", tokens.access_token);
    expect(first.headers.get("x-ratelimit-limit")).toBe("200,2000");
    expect(first.headers.get("x-ratelimit-usage")).toBe("1,1");
    expect(first.headers.get("x-readratelimit-limit")).toBe("100,1000");
    expect(first.headers.get("x-readratelimit-usage")).toBe("1,1");
    const unauthorized = await s.api("/athlete", "not-a-token");
    expect(unauthorized.headers.get("x-ratelimit-usage")).toBe("2,2");

    s.setClock(new Date("2026-03-02T23:45:00Z"));
    expect((await s.api("/athlete", tokens.access_token)).headers.get("x-ratelimit-usage")).toBe("1,3");
    s.setClock(new Date("2026-03-03T00:00:00Z"));
    expect((await s.api("/athlete", tokens.access_token)).headers.get("x-ratelimit-usage")).toBe("1,1");
  });

  it("answers 429 over the limit, with the headers", async () => {
    const s = await start();
    const tokens = await s.connect();
    s.strava.setRateLimits({ fifteenMinutes: 2, daily: 10 });
    expect((await s.api("/athlete", tokens.access_token)).status).toBe(200);
    expect((await s.api("/athlete", tokens.access_token)).status).toBe(200);
    const refused = await s.api("/athlete", tokens.access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-usage")).toBe("3,3");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("2,10");
    expect(await refused.json()).toEqual({
      message: "Rate Limit Exceeded",
      errors: [{ resource: "Application", field: "rate limit", code: "exceeded" }],
    });
    s.advance(15 * 60);
    expect((await s.api("/athlete", tokens.access_token)).status).toBe(200);
  });

  it("can be made to answer a storm of 429s or a 503", async () => {
    const s = await start();
    const tokens = await s.connect();
    s.strava.failNext(3);
    s.strava.failNext(1, 503);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await s.api("/athlete", tokens.access_token)).status);
    expect(statuses).toEqual([429, 429, 429, 503, 200]);
  });
});

describe("events", () => {
  async function subscribed(options: Partial<LocalStravaOptions> = {}) {
    const s = await start(options);
    const hook = await callback();
    await s.strava.createSubscription({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      callback_url: hook.url,
      verify_token: "v",
    });
    return { ...s, hook };
  }

  it("sends create, update and delete with Strava's payload", async () => {
    const s = await subscribed();
    const tokens = await s.connect("Marcus", "read,activity:read_all");
    const activity = await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    await s.strava.updateActivity(activity.id, { sport_type: "Ride" });
    await s.strava.updateActivity(activity.id, { name: "Messy" });
    await s.strava.updateActivity(activity.id, { private: true });
    await s.strava.deleteActivity(activity.id);
    const subscriptionId = s.strava.subscription()?.id;
    expect(s.hook.received.map(({ aspect_type, updates }) => ({ aspect_type, updates }))).toEqual([
      { aspect_type: "create", updates: {} },
      { aspect_type: "update", updates: { type: "Ride" } },
      { aspect_type: "update", updates: { title: "Messy" } },
      { aspect_type: "update", updates: { private: "true" } },
      { aspect_type: "delete", updates: {} },
    ]);
    expect(s.hook.received[0]).toEqual({
      aspect_type: "create",
      event_time: Math.floor(s.now().getTime() / 1000),
      object_id: activity.id,
      object_type: "activity",
      owner_id: tokens.athlete.id,
      subscription_id: subscriptionId,
      updates: {},
    });
  });

  it("with activity:read only, hides private activities: delete when made private, create when public again", async () => {
    const s = await subscribed();
    const tokens = await s.connect("Marcus", "read,activity:read");
    await s.strava.recordActivity(tokens.athlete.id, { streams: run(), private: true });
    const activity = await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    await s.strava.updateActivity(activity.id, { visibility: "only_me" });
    await s.strava.updateActivity(activity.id, { visibility: "followers_only" });
    expect(s.hook.received.map((e) => [e.aspect_type, e.object_id])).toEqual([
      ["create", activity.id],
      ["delete", activity.id],
      ["create", activity.id],
    ]);
  });

  it("tries an event three times in all when the callback fails, and stops at the first 200", async () => {
    const statuses = [500, 503, 200];
    const calls: StravaEvent[] = [];
    const s = await subscribed({
      deliver: async (_url, event) => {
        calls.push(event);
        return statuses.shift() ?? 200;
      },
    });
    const tokens = await s.connect();
    await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    expect(calls).toHaveLength(3);
    expect(s.strava.deliveries().at(-1)).toMatchObject({
      delivered: true,
      attempts: [{ status: 500 }, { status: 503 }, { status: 200 }],
    });

    s.strava.setDelivery(async () => 500);
    await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    expect(s.strava.deliveries().at(-1)).toMatchObject({
      delivered: false,
      attempts: [{ status: 500 }, { status: 500 }, { status: 500 }],
    });
  });

  it("counts a callback slower than its deadline as failed", async () => {
    const s = await subscribed({ callbackTimeoutMs: 50 });
    s.strava.setDelivery(() => new Promise<number>(() => {}));
    const tokens = await s.connect();
    await s.strava.recordActivity(tokens.athlete.id, { streams: run() });
    expect(s.strava.deliveries().at(-1)?.attempts).toEqual([
      { status: "timeout" },
      { status: "timeout" },
      { status: "timeout" },
    ]);
  });
});

describe("the developer's record page", () => {
  it("records a run for the last connected athlete and lists the event", async () => {
    const s = await start();
    const tokens = await s.connect("Marcus");
    const answer = await fetch(`${s.base}/record`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: s.origin },
      body: s.form({ km: "5", pace: "6", sport: "Run", ago: "30" }),
    });
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get("location") ?? "", `${s.base}/record`).pathname).toBe(`${PREFIX}/record`);
    const [event] = s.strava.events();
    expect(event).toMatchObject({ object_type: "activity", aspect_type: "create", owner_id: tokens.athlete.id });
    const activity = s.strava.activity(event?.object_id ?? 0);
    expect(activity).toMatchObject({ sport_type: "Run", moving_time: 1800 });
    expect(Date.parse(activity.start_date)).toBe(s.now().getTime() - 30 * 60_000);
    const page = await (await fetch(`${s.base}/record`)).text();
    expect(page).toContain("Record a run");
    expect(page).toContain(String(event?.object_id));
  });
});

describe("persistence", () => {
  it("keeps athletes, tokens and activities in its file across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "local-strava-"));
    try {
      const file = join(dir, "strava.json");
      const s = await start({ file });
      const tokens = await s.connect();
      const activity = await s.strava.recordActivity(tokens.athlete.id, { streams: run(1, 300) });
      const again = createLocalStrava({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, file, now: s.now });
      const auth = again.authenticate(tokens.access_token);
      expect(auth.athlete.id).toBe(tokens.athlete.id);
      expect(again.activityFor(auth, String(activity.id)).distance).toBe(activity.distance);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
