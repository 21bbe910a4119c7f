import { type Context, Hono } from "hono";
import type { ServerApi } from "#shared/server-api.ts";
import { isOfflineCopyTag, keepOfflineCopyTag } from "./auth/offline-copy-cookie.ts";
import { forgetSessionsAfterChanges, loadSession } from "./auth/session.ts";
import type { AppEnv, Deps } from "./context.ts";
import { API_MAX_BYTES, bodyLimit, isUpload, isUploadPath } from "./http/body-limit.ts";
import { errorHandler, notFound } from "./http/errors.ts";
import { oneLayer, under } from "./http/one-layer.ts";
import { refuseForeignOrigin } from "./http/origin-check.ts";
import { requestFrame } from "./http/request-frame.ts";
import { refuseUnstorableText } from "./http/storable-text.ts";
import { adminRoutes } from "./routes/admin/admin.routes.ts";
import { AUTH_MAX_BYTES, authRoutes } from "./routes/auth/auth.routes.ts";
import { authPaths } from "./routes/auth/auth-docs.ts";
import { billingRoutes } from "./routes/billing/billing.routes.ts";
import { calendarRoutes } from "./routes/calendar/calendar.routes.ts";
import { challengeRoutes } from "./routes/challenges/challenges.routes.ts";
import { communityRoutes } from "./routes/community/community.routes.ts";
import { dashboardRoutes } from "./routes/dashboard/dashboard.routes.ts";
import { eveningRoutes } from "./routes/evening/evening.routes.ts";
import { healthRoutes } from "./routes/health/health.routes.ts";
import { insightRoutes } from "./routes/insights/insights.routes.ts";
import { meRoutes } from "./routes/me/me.routes.ts";
import { milestoneRoutes } from "./routes/milestones/milestones.routes.ts";
import { onboardingRoutes } from "./routes/onboarding/onboarding.routes.ts";
import { openApiRoutes } from "./routes/openapi/openapi.routes.ts";
import { partnerRoutes } from "./routes/partner/partner.routes.ts";
import { partnerEmailRoutes } from "./routes/partner-emails/partner-emails.routes.ts";
import { partnerViewRoutes } from "./routes/partner-view/partner-view.routes.ts";
import { proofRoutes } from "./routes/proofs/proofs.routes.ts";
import { pushRoutes } from "./routes/push/push.routes.ts";
import { quizRoutes } from "./routes/quiz/quiz.routes.ts";
import { reminderRoutes } from "./routes/reminders/reminders.routes.ts";
import { screenTimeRoutes } from "./routes/screen-time/screen-time.routes.ts";
import { stravaRoutes } from "./routes/strava/strava.routes.ts";
import { todoRoutes } from "./routes/todos/todos.routes.ts";
import { workflowRoutes } from "./routes/workflow/workflow.routes.ts";
import { partnerLinkOpens } from "./services/partners/partner-view.ts";
import { type ActiveStravaConfig, LOCAL_STRAVA_PREFIX, stravaWebhookUrl } from "./services/strava/strava-config.ts";
import { localStravaApi } from "./stand-ins/strava/api.ts";
import type { LocalStrava } from "./stand-ins/strava/local-strava.ts";
import { localStravaPages } from "./stand-ins/strava/pages.ts";
import { localStripePages } from "./stand-ins/stripe/pages.ts";
import type { StaticSite } from "./static.ts";

/** The local Strava's one push subscription points at this app's webhook (created as Strava creates one). */
async function subscribeLocally(local: LocalStrava, config: ActiveStravaConfig, callbackUrl: string) {
  const credentials = { client_id: config.clientId, client_secret: config.clientSecret };
  const current = local.subscription();
  if (current?.callback_url === callbackUrl) return;
  if (current) local.deleteSubscription(String(current.id), credentials);
  await local.createSubscription({ ...credentials, callback_url: callbackUrl, verify_token: config.verifyToken });
}

/**
 * Stripe's and Strava's webhooks: a server's requests that no browser sends, so no page's origin is checked on them
 * (Stripe's is signed; Strava's only queues an event whose every figure is then read from Strava itself).
 */
const serverToServer = ["/api/billing/webhook", "/api/strava/webhook"];
/**
 * Stripe's webhook again: its signed body is Stripe's text, not a user's, so it is not checked for storable text.
 * Strava's is: its events hold numbers and short strings, never a NUL.
 */
const storableTextExcept = ["/api/billing/webhook"];

/** The typed API surface; the client imports `ApiType` (types only) for hono/client. */
function createApi() {
  return new Hono<AppEnv>()
    .route("/health", healthRoutes)
    .route("/me", meRoutes)
    .route("/onboarding", onboardingRoutes)
    .route("/quiz", quizRoutes)
    .route("/challenges", challengeRoutes)
    .route("/milestones", milestoneRoutes)
    .route("/proofs", proofRoutes)
    .route("/todos", todoRoutes)
    .route("/workflow", workflowRoutes)
    .route("/dashboard", dashboardRoutes)
    .route("/insights", insightRoutes)
    .route("/billing", billingRoutes)
    .route("/community", communityRoutes)
    .route("/calendar", calendarRoutes)
    .route("/reminders", reminderRoutes)
    .route("/evening", eveningRoutes)
    .route("/screen-time", screenTimeRoutes)
    .route("/strava", stravaRoutes)
    .route("/push", pushRoutes)
    .route("/partner", partnerRoutes)
    .route("/partner-view", partnerViewRoutes)
    .route("/partner-emails", partnerEmailRoutes)
    .route("/admin", adminRoutes);
}

export type ApiType = ReturnType<typeof createApi>;

export function createApp(deps: Deps, options: { site?: StaticSite } = {}) {
  const app = new Hono<AppEnv>();

  app.use(requestFrame(deps));
  // The guards every API request passes, in this order, as one layer (decision 0178). Body limits come before
  // anything reads a body. Stripe's webhook sets its own larger limit, and its signed body is Stripe's text, not a
  // user's.
  app.use(
    "/api/*",
    oneLayer(
      under("/api/auth", bodyLimit(AUTH_MAX_BYTES)),
      bodyLimit(API_MAX_BYTES, { except: serverToServer, exceptWhen: isUpload }),
      refuseUnstorableText({ except: storableTextExcept, filesWhen: isUploadPath }),
      refuseForeignOrigin(deps.env, { except: serverToServer }),
      forgetSessionsAfterChanges,
    ),
  );
  app.route("/api/auth", authRoutes);
  const api = createApi();
  // The document is generated from the routes themselves; outside production its reference page too (decision 0111).
  app.route(
    "/api",
    openApiRoutes(api, {
      title: deps.env.publicConfig.appName,
      extraPaths: authPaths(),
      originCheckExcept: serverToServer,
      storableTextExcept,
      reference: deps.env.NODE_ENV !== "production",
    }),
  );
  app.use("/api/*", oneLayer(loadSession, keepOfflineCopyTag));
  app.route("/api", api);
  app.all("/api/*", notFound);

  // Test mode only (no Stripe keys, never in production): the stand-in's checkout and portal pages, and its
  // webhook events delivered to our own endpoint exactly as Stripe would POST them.
  const local = deps.billing.local;
  if (local && deps.env.NODE_ENV !== "production") {
    local.setDelivery(async (payload, signature) => {
      const response = await app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      if (!response.ok) deps.logger.error({ status: response.status }, "test-mode webhook was refused");
    });
    app.route("/", localStripePages(local, new URL(deps.env.APP_URL).origin));
  }

  // The local Strava (no Strava settings, never in production): its authorize and "record a run" pages and its API
  // under /local-strava, its push events delivered to our own webhook as Strava would POST them.
  const localStrava = deps.strava?.local;
  if (localStrava && deps.strava && deps.env.NODE_ENV !== "production") {
    const origin = new URL(deps.env.APP_URL).origin;
    // Its handshake and its events reach this app in-process, as Strava's would reach it over the network.
    localStrava.setFetch((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== origin) return Promise.resolve(new Response(null, { status: 404 }));
      return Promise.resolve(app.fetch(new Request(url, init)));
    });
    app.route(LOCAL_STRAVA_PREFIX, localStravaPages(localStrava, { appOrigin: new URL(deps.env.APP_URL).origin }));
    app.route(LOCAL_STRAVA_PREFIX, localStravaApi(localStrava));
  }

  /**
   * The API as the page's own request would reach it, answered in-process while the server renders his screen
   * (page-render.ts): his cookies, his address and browser, nothing of the page request's caching or encoding. The
   * offline copy's tag those answers set goes out with the page (decision 0170), as it would have with the answers.
   */
  const FORWARDED = ["cookie", "user-agent", "accept-language", "x-forwarded-for", "x-forwarded-proto"];
  const inProcessApi = (c: Context<AppEnv>): ServerApi => {
    let tagSent = false;
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), c.req.url);
      const headers = new Headers(init?.headers);
      for (const name of FORWARDED) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      const answer = await app.fetch(new Request(url, { ...init, headers }), c.env);
      const tag = answer.headers.getSetCookie().find(isOfflineCopyTag);
      if (tag && !tagSent) {
        tagSent = true;
        c.header("set-cookie", tag, { append: true });
      }
      return answer;
    };
  };

  if (options.site) {
    const site = options.site;
    // A partner link that opens nothing (unknown, removed, renewed away, expired) answers 404, with the app's page
    // saying so; a live one is the page like any other (decision 0106).
    app.on(["GET", "HEAD"], "/partner/view/:token", async (c) => {
      const page = (await site.serve(c, inProcessApi(c))) ?? notFound(c);
      if (await partnerLinkOpens(deps.database.db, c.req.param("token"), new Date())) return page;
      return new Response(page.body, { status: 404, headers: page.headers });
    });
    app.on(["GET", "HEAD"], "*", async (c) => (await site.serve(c, inProcessApi(c))) ?? notFound(c));
  }

  app.notFound(notFound);
  app.onError(errorHandler(deps.logger));
  // Its handshake calls this app: only once every route is added.
  if (localStrava && deps.strava && deps.env.NODE_ENV !== "production") {
    void subscribeLocally(localStrava, deps.strava.config, stravaWebhookUrl(deps.env)).catch((err: unknown) =>
      deps.logger.error({ err }, "the local Strava could not subscribe to our webhook"),
    );
  }
  return app;
}
