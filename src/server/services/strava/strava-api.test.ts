import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createStravaApi, rateLimitedUntil, StravaError, type StravaUsage, usageFromHeaders } from "./strava-api.ts";
import { webhookEventSchema } from "./strava-payloads.ts";

const DIR = new URL("../../../../tests/fixtures/strava/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), "utf8");
const SECRET = "client-secret-never-shown";
const NOW = new Date("2026-03-16T10:07:00Z");
/** Strava's headers on the real answers of tests/fixtures/strava (strava-ruby-client's cassettes). */
const USAGE_HEADERS = {
  "X-RateLimit-Limit": "200,2000",
  "X-RateLimit-Usage": "5,148",
  "X-ReadRateLimit-Limit": "100,1000",
  "X-ReadRateLimit-Usage": "5,148",
};

type Seen = { method: string; url: URL; headers: Headers; body: string };

/** A Strava answering each request with what `answer` says, keeping what it was sent. */
function fakeStrava(answer: (request: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request: Seen = {
      method: init?.method ?? "GET",
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: init?.body ? String(init.body) : "",
    };
    seen.push(request);
    return answer(request);
  };
  const usages: StravaUsage[] = [];
  const api = createStravaApi({
    baseUrl: "https://www.strava.com/",
    clientId: "4242",
    clientSecret: SECRET,
    fetch,
    now: () => NOW,
    onUsage: (usage) => usages.push(usage),
  });
  return { api, seen, usages };
}

const jsonAnswer = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

async function failure(promise: Promise<unknown>): Promise<StravaError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StravaError);
  return error as StravaError;
}

describe("createStravaApi", () => {
  it("builds the authorize URL on the base URL, without the secret", () => {
    const { api } = fakeStrava(() => jsonAnswer("{}"));
    const url = new URL(api.authorizeUrl({ redirectUri: "https://app.test/cb", state: "s1", scope: "activity:read" }));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.strava.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "4242",
      redirect_uri: "https://app.test/cb",
      response_type: "code",
      approval_prompt: "auto",
      scope: "activity:read",
      state: "s1",
    });
  });

  it("exchanges a code and refreshes, sending the secret in the form body only", async () => {
    const { api, seen } = fakeStrava((request) =>
      jsonAnswer(fixture(request.body.includes("refresh_token") ? "token-refresh.json" : "token-exchange.json")),
    );
    const tokens = await api.exchangeCode("code-1");
    expect(tokens).toMatchObject({ access_token: "a4b945687g", expires_at: 1568775134, athlete: { id: 26462176 } });
    const refreshed = await api.refresh("e5n567567");
    expect(refreshed).toMatchObject({ access_token: "a9b723", refresh_token: "b5c569" });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://www.strava.com/oauth/token",
      "POST https://www.strava.com/oauth/token",
    ]);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      client_id: "4242",
      client_secret: SECRET,
      code: "code-1",
      grant_type: "authorization_code",
    });
    expect(new URLSearchParams(seen[1]!.body).get("grant_type")).toBe("refresh_token");
  });

  it("reads the athlete, an activity and its streams with the bearer token, and reports the usage", async () => {
    const { api, seen, usages } = fakeStrava((request) => {
      const path = request.url.pathname;
      const name = path.endsWith("/streams")
        ? "run-fenix2-derived.streams.json"
        : path.startsWith("/api/v3/activities/")
          ? "run-nyc-marathon.activity.json"
          : "athlete.json";
      return jsonAnswer(fixture(name), 200, USAGE_HEADERS);
    });
    expect(await api.athlete("tok")).toMatchObject({ id: 26462176, firstname: "Daniel", lastname: "Doubrovkine" });
    const activity = await api.activity("tok", 1946417534);
    expect(activity).toMatchObject({ id: 1946417534, sport_type: "Run", distance: 42268.1, moving_time: 13085 });
    const streams = await api.streams("tok", 1946417534);
    expect(streams.time?.data.length).toBe(streams.distance?.data.length);
    expect(seen.every((r) => r.headers.get("authorization") === "Bearer tok")).toBe(true);
    expect(seen[2]!.url.pathname).toBe("/api/v3/activities/1946417534/streams");
    expect(seen[2]!.url.searchParams.get("keys")).toBe("time,latlng,distance,moving");
    expect(seen[2]!.url.searchParams.get("key_by_type")).toBe("true");
    expect(usages).toHaveLength(3);
    expect(usages[0]).toEqual({
      at: NOW,
      overall: { fifteenMinutes: { used: 5, limit: 200 }, daily: { used: 148, limit: 2000 } },
      read: { fifteenMinutes: { used: 5, limit: 100 }, daily: { used: 148, limit: 1000 } },
    });
  });

  it("revokes with the token in the header (Strava's answer echoes it, nothing of it is read)", async () => {
    const { api, seen } = fakeStrava(() => jsonAnswer(fixture("deauthorize.json")));
    await api.deauthorize("tok");
    expect(seen[0]).toMatchObject({ method: "POST", body: "" });
    expect(String(seen[0]!.url)).toBe("https://www.strava.com/oauth/deauthorize");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer tok");
  });

  it("creates, lists and deletes the push subscription", async () => {
    const { api, seen } = fakeStrava((request) => {
      if (request.method === "POST") return jsonAnswer(fixture("push-subscription-created.json"));
      if (request.method === "DELETE") return new Response(null, { status: 204 });
      return jsonAnswer(fixture("push-subscriptions.json"));
    });
    expect(await api.createSubscription("https://app.test/api/strava/events", "verify-1")).toEqual({ id: 1 });
    expect(await api.listSubscriptions()).toMatchObject([{ id: 1, callback_url: "http://you.com/callback/" }]);
    await api.deleteSubscription(1);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      client_id: "4242",
      client_secret: SECRET,
      callback_url: "https://app.test/api/strava/events",
      verify_token: "verify-1",
    });
    expect(seen[2]!.method).toBe("DELETE");
    expect(seen[2]!.url.pathname).toBe("/api/v3/push_subscriptions/1");
  });

  it("answers each failure with its kind, Strava's message, and never a token or the secret", async () => {
    const cases: Array<[Response | Error, string, number | null]> = [
      [jsonAnswer(fixture("error-401.json"), 401), "unauthorized", 401],
      [jsonAnswer("", 404), "notFound", 404],
      [
        jsonAnswer(
          '{"message":"Bad Request","errors":[{"resource":"RefreshToken","field":"refresh_token","code":"invalid"}]}',
          400,
        ),
        "badRequest",
        400,
      ],
      [jsonAnswer("<html>bad gateway</html>", 502), "unavailable", 502],
      [new TypeError("fetch failed"), "unavailable", null],
      [jsonAnswer("not json"), "invalidAnswer", 200],
      [jsonAnswer('{"id":"not a number"}'), "invalidAnswer", 200],
    ];
    for (const [answer, kind, status] of cases) {
      const { api } = fakeStrava(() => {
        if (answer instanceof Error) throw answer;
        return answer.clone();
      });
      for (const call of [
        () => api.listSubscriptions(),
        () => api.refresh("refresh-secret"),
        () => api.athlete("access-xyz"),
      ]) {
        const error = await failure(call());
        expect(error.kind).toBe(kind);
        expect(error.status).toBe(status);
        for (const secret of [SECRET, "refresh-secret", "access-xyz"]) {
          expect(error.message).not.toContain(secret);
          expect(JSON.stringify(error)).not.toContain(secret);
        }
      }
    }
    const { api } = fakeStrava(() => jsonAnswer(fixture("error-401.json"), 401));
    expect((await failure(api.athlete("tok"))).message).toBe(
      "Strava unauthorized (401): Authorization Error; Application invalid",
    );
  });

  it("gives up on a Strava that does not answer in time", async () => {
    const api = createStravaApi({
      baseUrl: "https://www.strava.com",
      clientId: "4242",
      clientSecret: SECRET,
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    const error = await failure(api.athlete("tok"));
    expect(error).toMatchObject({ kind: "unavailable", status: null, stravaMessage: "timed out" });
  });
});

describe("Strava's rate limits", () => {
  const rateLimited = async (headers: Record<string, string>, body = fixture("error-429.json")) => {
    const { api } = fakeStrava(() => jsonAnswer(body, 429, headers));
    return failure(api.activity("tok", 1));
  };

  it("waits for the next quarter hour when the 15-minute window is full", async () => {
    const error = await rateLimited({ "X-RateLimit-Limit": "200,2000", "X-RateLimit-Usage": "201,350" });
    expect(error).toMatchObject({
      kind: "rateLimited",
      status: 429,
      stravaMessage: "Too Many Requests; Rate Limit Exceeded",
    });
    expect(error.retryAt).toEqual(new Date("2026-03-16T10:15:00Z"));
  });

  it("waits for the next UTC midnight when the day is full (strava-ruby-client's recorded 429)", async () => {
    const error = await rateLimited({ "X-RateLimit-Limit": "600,30000", "X-RateLimit-Usage": "600,30000" });
    expect(error.retryAt).toEqual(new Date("2026-03-17T00:00:00Z"));
  });

  it("reads the read limits too, whichever is exhausted", async () => {
    const error = await rateLimited({
      "X-RateLimit-Limit": "200,2000",
      "X-RateLimit-Usage": "100,150",
      "X-ReadRateLimit-Limit": "100,1000",
      "X-ReadRateLimit-Usage": "100,150",
    });
    expect(error.retryAt).toEqual(new Date("2026-03-16T10:15:00Z"));
    const daily = await rateLimited({
      "X-RateLimit-Limit": "200,2000",
      "X-RateLimit-Usage": "10,1000",
      "X-ReadRateLimit-Limit": "100,1000",
      "X-ReadRateLimit-Usage": "10,1000",
    });
    expect(daily.retryAt).toEqual(new Date("2026-03-17T00:00:00Z"));
  });

  it("waits a quarter hour on a 429 without readable headers", async () => {
    const error = await rateLimited({});
    expect(error.retryAt).toEqual(new Date("2026-03-16T10:15:00Z"));
  });

  it("lets a job stop before the limit, keeping a reserve", () => {
    const usage = usageFromHeaders(
      new Headers({ "X-RateLimit-Limit": "200,2000", "X-RateLimit-Usage": "190,400" }),
      NOW,
    );
    expect(rateLimitedUntil(usage, NOW)).toBeNull();
    expect(rateLimitedUntil(usage, NOW, 10)).toEqual(new Date("2026-03-16T10:15:00Z"));
    expect(rateLimitedUntil(null, NOW, 10)).toBeNull();
    // At a quarter hour exactly, the window that just opened is not the one that was full.
    expect(rateLimitedUntil(usage, new Date("2026-03-16T10:15:00Z"), 10)).toEqual(new Date("2026-03-16T10:30:00Z"));
  });
});

describe("webhook events", () => {
  it.each(["webhook-event-update.json", "webhook-event-create.json", "webhook-event-deauthorized.json"])(
    "%s reads",
    (name) => {
      const event = webhookEventSchema.parse(JSON.parse(fixture(name)));
      expect(event.subscription_id).toBeTypeOf("number");
      expect(event.updates).toBeTypeOf("object");
    },
  );

  it("refuses an event of another kind of object", () => {
    const event = { ...JSON.parse(fixture("webhook-event-update.json")), object_type: "club" };
    expect(webhookEventSchema.safeParse(event).success).toBe(false);
  });
});
