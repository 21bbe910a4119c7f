import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type PgBoss from "pg-boss";
import { createLogger } from "#server/logger.ts";
import { startBoss } from "#server/services/outbox/queue.ts";
import { stravaWebhookUrl } from "#server/services/strava/strava-config.ts";
import { startStravaWorker } from "#server/services/strava/strava-queue.ts";
import { localStravaApi } from "#server/stand-ins/strava/api.ts";
import { createLocalStrava, type LocalStrava } from "#server/stand-ins/strava/local-strava.ts";
import { localStravaPages } from "#server/stand-ins/strava/pages.ts";
import type { TestApp, TestUser } from "./test-app.ts";

const CLIENT_ID = "4242";
const CLIENT_SECRET = "fake-strava-client-secret";
export const FAKE_STRAVA_VERIFY_TOKEN = "fake-strava-verify-token-0123456789";

/**
 * The local Strava on 127.0.0.1 for server tests, reached over real sockets through STRAVA_BASE_URL as real Strava
 * would be. Its events and its subscription handshake reach the test app in-process (`attach`), since the test app
 * listens on no port. `accessTokenSeconds` under an hour makes every refresh rotate the tokens, as Strava does near
 * expiry.
 */
export async function startFakeStrava(options: { accessTokenSeconds?: number } = {}) {
  let handler: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: (request) => handler(request), hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const strava: LocalStrava = createLocalStrava({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accessTokenSeconds: options.accessTokenSeconds,
    retryDelaysMs: [20, 20],
  });
  const app = new Hono().route("/", localStravaApi(strava)).route("/", localStravaPages(strava, { appOrigin: origin }));
  handler = (request) => app.fetch(request);
  return {
    strava,
    origin,
    env: {
      STRAVA_CLIENT_ID: CLIENT_ID,
      STRAVA_CLIENT_SECRET: CLIENT_SECRET,
      STRAVA_VERIFY_TOKEN: FAKE_STRAVA_VERIFY_TOKEN,
      STRAVA_BASE_URL: origin,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStrava = Awaited<ReturnType<typeof startFakeStrava>>;

/**
 * Points the fake at the test app: its requests to the app (handshake, events) are answered in-process, the app's
 * subscription is created through Strava's handshake, and the app's Strava worker runs on pg-boss in the test
 * database. Answers the boss, to stop at the end.
 */
export async function attachFakeStrava(fake: FakeStrava, t: TestApp): Promise<PgBoss> {
  fake.strava.setFetch((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return Promise.resolve(t.app.request(url.pathname + url.search, init));
  });
  fake.strava.setDelivery(async (callbackUrl, event) => {
    const url = new URL(callbackUrl);
    const response = await t.app.request(url.pathname, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    return response.status;
  });
  const strava = t.deps.strava;
  if (!strava) throw new Error("the test app has no Strava");
  await strava.api.createSubscription(stravaWebhookUrl(t.deps.env), FAKE_STRAVA_VERIFY_TOKEN);
  const logger = createLogger((process.env.TEST_LOG_LEVEL as "silent") ?? "silent");
  const boss = await startBoss(t.deps.database, logger);
  await startStravaWorker(boss, strava, strava.events, { logger, pollingIntervalSeconds: 0.5 });
  return boss;
}

/**
 * He connects Strava as a browser would: the app's connect answer, Strava's authorize page, his tap on Authorize (or
 * Cancel, or with the activities unticked), and the callback in his session. Answers where the app sent him back.
 */
export async function connectStrava(
  t: TestApp,
  fake: FakeStrava,
  user: Pick<TestUser, "api" | "cookie">,
  choice: { firstname?: string; decision?: "authorize" | "cancel"; granted?: string[] } = {},
) {
  const started = await user.api.strava.connect.$post({ json: { returnTo: "/ValidateChallenge" } });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}`);
  const { url } = await started.json();
  const authorize = new URL(url);
  const page = await fetch(authorize);
  if (page.status !== 200) throw new Error(`Strava's authorize page answered ${page.status}`);
  const form = new URLSearchParams();
  for (const name of ["client_id", "redirect_uri", "scope", "state", "approval_prompt"]) {
    form.set(name, authorize.searchParams.get(name) ?? "");
  }
  form.set("firstname", choice.firstname ?? "Marcus");
  for (const scope of choice.granted ?? ["activity:read"]) form.append("granted", scope);
  form.set("decision", choice.decision ?? "authorize");
  const answered = await fetch(`${fake.origin}/oauth/authorize`, {
    method: "POST",
    body: form,
    headers: { origin: fake.origin },
    redirect: "manual",
  });
  const back = new URL(answered.headers.get("location") ?? "");
  const callback = await t.request(back.pathname + back.search, { cookie: user.cookie });
  return { status: callback.status, location: callback.headers.get("location"), callbackUrl: back };
}
