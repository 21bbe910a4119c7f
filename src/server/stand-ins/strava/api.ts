import { type Context, Hono } from "hono";
import { type LocalStrava, LocalStravaError } from "./local-strava.ts";

/**
 * Strava's HTTP API over the local stand-in: /oauth/token and /oauth/deauthorize, and under /api/v3 the athlete, an
 * activity, its streams, the athlete's activities and the push subscription, with Strava's Fault bodies and rate-limit
 * headers. Mounted under any prefix (`app.route("/local-strava", localStravaApi(strava))`), so the app's Strava client
 * only changes its base URL.
 *
 * Shapes and behaviour from:
 * - Strava's API reference and its swagger (https://developers.strava.com/docs/reference/, the copy in stravalib's
 *   tests: src/stravalib/tests/resources/strava_swagger.json): DetailedActivity, DetailedAthlete, StreamSet examples.
 * - https://developers.strava.com/docs/authentication/: token exchange and refresh answers, the one-hour rule, the
 *   old refresh token ending once a new one is issued, deauthorize.
 * - https://developers.strava.com/docs/webhooks/ (and its source, strava/developers.strava.com content/docs/webhooks.md):
 *   the hub.challenge handshake within 2 s, one subscription per application, the event payload, three attempts.
 * - https://developers.strava.com/docs/rate-limits/: X-RateLimit-* and X-ReadRateLimit-* headers, windows at :00,
 *   :15, :30, :45 and midnight UTC.
 * - stravalib's fixtures (activity.3.json, activity-manual.3.json, athlete.3.json; Apache-2.0) for real answers;
 *   issues of erik/hotpot (#2: the handshake's error body) and fawda123/rStrava (#72: streams of a manual activity
 *   are a 404) for behaviour the reference does not spell out.
 */

type Params = Record<string, string | undefined>;

/** Strava takes its parameters from the query string, a form (urlencoded or multipart) or JSON alike. */
async function paramsOf(c: Context): Promise<Params> {
  const params: Params = Object.fromEntries(new URL(c.req.url).searchParams);
  if (c.req.method === "GET" || c.req.method === "DELETE") return params;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    // Strava's parameters are strings and numbers; anything else in a JSON body is not one of them.
    for (const [key, value] of Object.entries(body && typeof body === "object" ? body : {})) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        params[key] = String(value);
      }
    }
  } else if (type.includes("form")) {
    // A body that is no form is Strava's 400, as any request it cannot read.
    const form = await c.req.parseBody().catch(() => {
      throw new LocalStravaError(400, "Bad Request");
    });
    for (const [key, value] of Object.entries(form)) {
      if (typeof value === "string") params[key] = value;
    }
  }
  return params;
}

function bearer(c: Context, params?: Params) {
  const header = c.req.header("authorization");
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() ?? params?.access_token ?? new URL(c.req.url).searchParams.get("access_token") ?? undefined;
}

const numberOf = (value: string | undefined) => {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

const STATUS_TEXT: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function localStravaApi(strava: LocalStrava) {
  const app = new Hono();

  app.post("/oauth/token", async (c) => c.json(strava.token(await paramsOf(c))));

  app.post("/oauth/deauthorize", async (c) => {
    const params = await paramsOf(c);
    return c.json(await strava.deauthorize(bearer(c, params)));
  });

  // Every API request is counted and may be refused before anything else is looked at, as at Strava.
  app.use("/api/v3/*", async (c, next) => {
    const metered = strava.meter.count();
    if (metered.refusal === 429) {
      const body = {
        message: "Rate Limit Exceeded",
        errors: [{ resource: "Application", field: "rate limit", code: "exceeded" }],
      };
      return c.json(body, 429, metered.headers);
    }
    if (metered.refusal !== null) {
      const status = metered.refusal as 500;
      return c.json({ message: STATUS_TEXT[status] ?? "Error", errors: [] }, status, metered.headers);
    }
    await next();
    for (const [name, value] of Object.entries(metered.headers)) c.res.headers.set(name, value);
  });

  app.get("/api/v3/athlete", (c) => c.json(strava.athleteOf(strava.authenticate(bearer(c)))));

  app.get("/api/v3/athlete/activities", (c) => {
    const auth = strava.authenticate(bearer(c));
    const q = (name: string) => numberOf(c.req.query(name));
    return c.json(
      strava.activitiesOf(auth, { before: q("before"), after: q("after"), page: q("page"), perPage: q("per_page") }),
    );
  });

  app.get("/api/v3/activities/:id/streams", (c) => {
    const auth = strava.authenticate(bearer(c));
    const keys = (c.req.query("keys") ?? "").split(",").map((key) => key.trim());
    const keyByType = c.req.query("key_by_type") === "true";
    return c.json(strava.streams(auth, c.req.param("id"), keys, keyByType));
  });

  app.get("/api/v3/activities/:id", (c) =>
    c.json(strava.activityFor(strava.authenticate(bearer(c)), c.req.param("id"))),
  );

  app.post("/api/v3/push_subscriptions", async (c) => c.json(await strava.createSubscription(await paramsOf(c))));
  app.get("/api/v3/push_subscriptions", async (c) => c.json(strava.listSubscriptions(await paramsOf(c))));
  app.delete("/api/v3/push_subscriptions/:id", async (c) => {
    strava.deleteSubscription(c.req.param("id"), await paramsOf(c));
    return c.body(null, 204);
  });

  app.notFound((c) => c.json({ message: "Record Not Found", errors: [] }, 404));
  app.onError((error, c) => {
    if (error instanceof LocalStravaError) return c.json(error.body, error.status as 400);
    return c.json(
      { message: "Internal Server Error", errors: [{ resource: "", field: "", code: String(error) }] },
      500,
    );
  });
  return app;
}

/**
 * The stand-in's API as a `fetch` answered in-process under `prefix` (the app's own address outside production): the
 * app's real Strava client talks to it without a request leaving the process.
 */
export function localStravaFetch(strava: LocalStrava, prefix: string): typeof fetch {
  const host = new Hono().route(prefix, localStravaApi(strava));
  return (input, init) => Promise.resolve(host.fetch(new Request(input, init)));
}
