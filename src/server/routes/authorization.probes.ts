import { QUIZ_QUESTION_COUNT } from "#shared/quiz/questions.ts";

/**
 * Who may call what: one entry for every route of the app, keyed "METHOD /path/:pattern" exactly as Hono lists it
 * (createApp(...).routes). authorization.test.ts sends each route a request aimed at user A's data, once without a
 * session and once as another signed-in user B, and fails for a route that has no entry here — so a new route is
 * added together with its answer to "who may call this?". Decision 0067.
 *
 * One job in one file, however long: a table with a row per route, read top to bottom beside the route list; split,
 * a route's row would be looked for in several places.
 */

/** What user A owns when the probes run: a plan with todos, a run validation, a waitlist place, a checkout session. */
export type OwnerData = {
  userId: string;
  email: string;
  password: string;
  quizResponseId: string;
  challengeId: string;
  milestoneId: string;
  todoId: string;
  checkoutSessionId: string;
  /** The push endpoint of A's device (a loopback address nothing listens on: the probes send no reminder). */
  pushEndpoint: string;
  /** A's accountability partner (confirmed) and the cheer that partner sent him. */
  partnerId: string;
  cheerId: string;
  /** The photo proof of A's milestone (issue 26). */
  proofId: string;
};

export type ProbeRequest = { path: string; body?: unknown };

type SignedInProbe = {
  access: "signed-in";
  /** A request against A's data (with a body that would be valid for A). */
  request: (a: OwnerData) => ProbeRequest;
  /**
   * What B gets:
   * - "not-found": 404, the very answer B gets for ids that do not exist (so he learns nothing, not even existence);
   * - "own-account": the route only ever acts on the caller's own account; B's answer is about B (no 5xx);
   * - "refused": a 4xx with {error}.
   * In every case B's answer holds nothing of A's and A's data is unchanged afterwards.
   */
  otherUser: "not-found" | "own-account" | "refused";
  /** The statuses it answers without a session, when that is not 401 {error} (e.g. GET /api/me: {user: null}). */
  anonymous?: readonly number[];
};

type PublicProbe = {
  access: "public";
  /** Why anyone may call it. */
  why: string;
  request: (a: OwnerData) => ProbeRequest;
  /** The statuses it answers the probe with, signed in or not. */
  answers: readonly number[];
};

/**
 * The operator's page (decision 0136): only accounts marked with `npm run community:operator` get past. Without a
 * session and as any other user (B is no operator) the answer is 404 "Not found", the very answer of a path that
 * does not exist, so nobody learns the route is there.
 */
type OperatorProbe = {
  access: "operator";
  request: (a: OwnerData) => ProbeRequest;
};

export type RouteProbe = SignedInProbe | PublicProbe | OperatorProbe;

const probeAnswers = Array.from({ length: QUIZ_QUESTION_COUNT }, (_, i) => ({
  question: `Question ${i + 1}`,
  answer: "Probe answer",
}));
/** A browser's subscription as PushSubscription.toJSON() gives it. */
const probeSubscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
});

/** A push endpoint outside production (loopback); only the owner's device has this one. */
export function probePushEndpoint(device: string) {
  return `http://127.0.0.1:9/push/${device}`;
}

const validRun = { previousMaxDuration: null, todayDuration: 45, notes: "Probe notes, long enough." };

export const routeProbes: Record<string, RouteProbe> = {
  "GET /api/health": {
    access: "public",
    why: "liveness for the operator's monitor; says nothing about users",
    request: () => ({ path: "/api/health" }),
    answers: [200],
  },
  "GET /api/auth/*": {
    access: "public",
    why: "better-auth: e-mail confirmation and reset links are opened signed out; unused endpoints answer 404",
    request: () => ({ path: "/api/auth/get-session" }),
    answers: [404],
  },
  "POST /api/auth/*": {
    access: "public",
    why: "better-auth: sign-up, sign-in, reset are made signed out; a wrong password never signs anyone in",
    request: (a) => ({ path: "/api/auth/sign-in/email", body: { email: a.email, password: "wrong-password-1" } }),
    answers: [401],
  },
  "GET /api/openapi.json": {
    access: "public",
    why: "the API document (decision 0111): every route's shape, generated from the code; holds no user's data",
    request: () => ({ path: "/api/openapi.json" }),
    answers: [200],
  },
  "GET /api/reference": {
    access: "public",
    why: "the document's reference page, outside production only; a static page",
    request: () => ({ path: "/api/reference" }),
    answers: [200],
  },
  "GET /api/reference/start.js": {
    access: "public",
    why: "the reference page's own script; static",
    request: () => ({ path: "/api/reference/start.js" }),
    answers: [200],
  },
  "GET /api/reference/narrow.css": {
    access: "public",
    why: "the reference page's own styles; static",
    request: () => ({ path: "/api/reference/narrow.css" }),
    answers: [200],
  },
  "GET /api/reference/:file": {
    access: "public",
    why: "Swagger UI's two files from node_modules; any other name answers 404",
    request: () => ({ path: "/api/reference/package.json" }),
    answers: [404],
  },
  "POST /api/billing/webhook": {
    access: "public",
    why: "Stripe calls it; only a body signed with the webhook secret is acted on",
    request: (a) => ({ path: "/api/billing/webhook", body: { type: "checkout.session.completed", data: a.userId } }),
    answers: [400],
  },
  "GET /test-checkout/:id": {
    access: "public",
    why: "test mode's stand-in for Stripe's hosted checkout (never in production); the session id is the key",
    request: () => ({ path: "/test-checkout/cs_test_unknown" }),
    answers: [404],
  },
  "POST /test-checkout/:id/pay": {
    access: "public",
    why: "test mode's stand-in for Stripe's hosted checkout; the session id is the key",
    request: () => ({ path: "/test-checkout/cs_test_unknown/pay", body: {} }),
    answers: [404],
  },
  "POST /test-checkout/:id/cancel": {
    access: "public",
    why: "test mode's stand-in for Stripe's hosted checkout; the session id is the key",
    request: () => ({ path: "/test-checkout/cs_test_unknown/cancel", body: {} }),
    answers: [404],
  },
  "GET /test-portal/:id": {
    access: "public",
    why: "test mode's stand-in for Stripe's Customer Portal; the portal session id is the key",
    request: () => ({ path: "/test-portal/bps_unknown" }),
    answers: [404],
  },
  "POST /test-portal/:id/:action": {
    access: "public",
    why: "test mode's stand-in for Stripe's Customer Portal; the portal session id is the key",
    request: () => ({ path: "/test-portal/bps_unknown/cancel", body: {} }),
    answers: [404],
  },

  "GET /local-strava/oauth/authorize": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/oauth/authorize?client_id=1" }),
    answers: [400],
  },
  "POST /local-strava/oauth/authorize": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/oauth/authorize", body: {} }),
    answers: [400],
  },
  "GET /local-strava/record": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/record" }),
    answers: [200],
  },
  "POST /local-strava/record": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/record", body: {} }),
    answers: [400],
  },
  "POST /local-strava/oauth/token": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({
      path: "/local-strava/oauth/token",
      body: { grant_type: "refresh_token", refresh_token: "forged" },
    }),
    answers: [400],
  },
  "POST /local-strava/oauth/deauthorize": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/oauth/deauthorize", body: {} }),
    answers: [401],
  },
  "GET /local-strava/api/v3/athlete": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/athlete" }),
    answers: [401],
  },
  "GET /local-strava/api/v3/athlete/activities": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/athlete/activities" }),
    answers: [401],
  },
  "GET /local-strava/api/v3/activities/:id/streams": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/activities/12000000001/streams" }),
    answers: [401],
  },
  "GET /local-strava/api/v3/activities/:id": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/activities/12000000001" }),
    answers: [401],
  },
  "POST /local-strava/api/v3/push_subscriptions": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/push_subscriptions", body: {} }),
    answers: [400],
  },
  "GET /local-strava/api/v3/push_subscriptions": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/push_subscriptions" }),
    answers: [400],
  },
  "DELETE /local-strava/api/v3/push_subscriptions/:id": {
    access: "public",
    why: "the local Strava (development and tests, never in production): its own tokens and client secret, none of a user's data",
    request: () => ({ path: "/local-strava/api/v3/push_subscriptions/1" }),
    answers: [400],
  },

  "GET /api/me": {
    access: "signed-in",
    request: () => ({ path: "/api/me" }),
    otherUser: "own-account",
    // The app asks who is signed in before it knows; nobody is {user: null}.
    anonymous: [200],
  },
  "PATCH /api/me": {
    access: "signed-in",
    request: () => ({ path: "/api/me", body: { firstName: "Probe" } }),
    otherUser: "own-account",
  },
  "GET /api/me/data": { access: "signed-in", request: () => ({ path: "/api/me/data" }), otherUser: "own-account" },
  "GET /api/me/badges": { access: "signed-in", request: () => ({ path: "/api/me/badges" }), otherUser: "own-account" },
  "POST /api/me/delete": {
    access: "signed-in",
    // A's password does not delete B's account, let alone A's.
    request: (a) => ({ path: "/api/me/delete", body: { password: a.password } }),
    otherUser: "refused",
  },

  "GET /api/onboarding": {
    access: "signed-in",
    request: () => ({ path: "/api/onboarding" }),
    otherUser: "own-account",
  },
  "POST /api/onboarding/challenge": {
    access: "signed-in",
    request: () => ({ path: "/api/onboarding/challenge", body: { maxDurationMinutes: 30 } }),
    otherUser: "own-account",
  },
  "POST /api/onboarding/run-validation": {
    access: "signed-in",
    request: () => ({ path: "/api/onboarding/run-validation", body: validRun }),
    otherUser: "own-account",
  },

  "POST /api/onboarding/run-validation/file": {
    access: "signed-in",
    // Validates the caller's own run; the probe's JSON body is no file and answers 400.
    request: () => ({ path: "/api/onboarding/run-validation/file", body: validRun }),
    otherUser: "own-account",
  },

  "GET /api/quiz/latest": {
    access: "signed-in",
    request: () => ({ path: "/api/quiz/latest" }),
    otherUser: "own-account",
  },
  "POST /api/quiz/responses": {
    access: "signed-in",
    // Editing A's response by naming it: B may only ever edit his own.
    request: (a) => ({
      path: "/api/quiz/responses",
      body: { answers: probeAnswers, responseId: a.quizResponseId },
    }),
    otherUser: "not-found",
  },
  "GET /api/quiz/responses/:id": {
    access: "signed-in",
    request: (a) => ({ path: `/api/quiz/responses/${a.quizResponseId}` }),
    otherUser: "not-found",
  },
  "POST /api/quiz/responses/:id/generate": {
    access: "signed-in",
    request: (a) => ({ path: `/api/quiz/responses/${a.quizResponseId}/generate`, body: {} }),
    otherUser: "not-found",
  },
  "GET /api/quiz/responses/:id/generation": {
    access: "signed-in",
    request: (a) => ({ path: `/api/quiz/responses/${a.quizResponseId}/generation` }),
    otherUser: "not-found",
  },

  "PATCH /api/challenges/:id": {
    access: "signed-in",
    request: (a) => ({
      path: `/api/challenges/${a.challengeId}`,
      body: { title: "Probe title", challengeAccepted: true },
    }),
    otherUser: "not-found",
  },
  "PATCH /api/milestones": {
    access: "signed-in",
    request: (a) => ({
      path: "/api/milestones",
      body: { milestones: [{ id: a.milestoneId, milestoneDescription: "Probe milestone" }] },
    }),
    otherUser: "not-found",
  },
  "PATCH /api/milestones/:id": {
    access: "signed-in",
    request: (a) => ({
      path: `/api/milestones/${a.milestoneId}`,
      body: { milestoneDescription: "Probe milestone", milestoneCompleted: true },
    }),
    otherUser: "not-found",
  },
  "POST /api/milestones/:id/todos": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/todos`, body: {} }),
    otherUser: "not-found",
  },
  "GET /api/milestones/:id/todos/preview": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/todos/preview` }),
    otherUser: "not-found",
  },
  "POST /api/milestones/:id/replan": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/replan`, body: { reason: "no_time" } }),
    otherUser: "not-found",
  },
  "POST /api/milestones/:id/replan/accept": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/replan/accept`, body: {} }),
    otherUser: "not-found",
  },
  "DELETE /api/milestones/:id/replan": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/replan` }),
    otherUser: "not-found",
  },
  "POST /api/milestones/:id/proof": {
    access: "signed-in",
    // The probe's JSON body is no file: refused before the milestone is looked up (milestone-proof.test.ts sends B a
    // real file for A's milestone, which answers 404).
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/proof`, body: {} }),
    otherUser: "refused",
  },
  "DELETE /api/milestones/:id/proof": {
    access: "signed-in",
    request: (a) => ({ path: `/api/milestones/${a.milestoneId}/proof` }),
    otherUser: "not-found",
  },
  "GET /api/proofs/:id/photo": {
    access: "signed-in",
    request: (a) => ({ path: `/api/proofs/${a.proofId}/photo` }),
    otherUser: "not-found",
  },
  "PATCH /api/todos/:id": {
    access: "signed-in",
    request: (a) => ({ path: `/api/todos/${a.todoId}`, body: { todoCompleted: true } }),
    otherUser: "not-found",
  },

  "GET /api/workflow": { access: "signed-in", request: () => ({ path: "/api/workflow" }), otherUser: "own-account" },
  "GET /api/dashboard": { access: "signed-in", request: () => ({ path: "/api/dashboard" }), otherUser: "own-account" },
  "GET /api/insights": { access: "signed-in", request: () => ({ path: "/api/insights" }), otherUser: "own-account" },
  "GET /api/insights/streak": {
    access: "signed-in",
    request: () => ({ path: "/api/insights/streak" }),
    otherUser: "own-account",
  },

  "GET /api/billing": { access: "signed-in", request: () => ({ path: "/api/billing" }), otherUser: "own-account" },
  "POST /api/billing/checkout": {
    access: "signed-in",
    request: () => ({ path: "/api/billing/checkout", body: { planId: "premium_monthly" } }),
    otherUser: "own-account",
  },
  "POST /api/billing/confirm": {
    access: "signed-in",
    // A's checkout session, confirmed by B, must neither make B premium nor tell him anything about it.
    request: (a) => ({ path: "/api/billing/confirm", body: { sessionId: a.checkoutSessionId } }),
    otherUser: "not-found",
  },
  "POST /api/billing/portal": {
    access: "signed-in",
    request: () => ({ path: "/api/billing/portal", body: {} }),
    otherUser: "own-account",
  },

  "GET /api/community": { access: "signed-in", request: () => ({ path: "/api/community" }), otherUser: "own-account" },
  "POST /api/community/notify": {
    access: "signed-in",
    request: () => ({ path: "/api/community/notify", body: {} }),
    otherUser: "own-account",
  },
  "GET /api/community/waitlist": {
    access: "signed-in",
    request: () => ({ path: "/api/community/waitlist" }),
    otherUser: "own-account",
  },
  "POST /api/community/waitlist": {
    access: "signed-in",
    request: () => ({ path: "/api/community/waitlist", body: { name: "Probe" } }),
    otherUser: "own-account",
  },
  // The feed (issue 40): B is not admitted, so every one answers him 403 before reading anything; what one member
  // may do with another's post is in feed.test.ts.
  "GET /api/community/feed": {
    access: "signed-in",
    request: () => ({ path: "/api/community/feed" }),
    otherUser: "refused",
  },
  "POST /api/community/posts": {
    access: "signed-in",
    request: (a) => ({ path: "/api/community/posts", body: { kind: "milestone", milestoneId: a.milestoneId } }),
    otherUser: "refused",
  },
  "GET /api/community/posts/:id/photo": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/photo` }),
    otherUser: "refused",
  },
  "PUT /api/community/posts/:id/cheer": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/cheer`, body: {} }),
    otherUser: "refused",
  },
  "DELETE /api/community/posts/:id/cheer": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/cheer` }),
    otherUser: "refused",
  },
  "GET /api/community/posts/:id/comments": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/comments` }),
    otherUser: "refused",
  },
  "POST /api/community/posts/:id/comments": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/comments`, body: { text: "Probe" } }),
    otherUser: "refused",
  },
  "POST /api/community/posts/:id/report": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/report`, body: { reason: "spam" } }),
    otherUser: "refused",
  },
  "POST /api/community/comments/:id/report": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/comments/${a.todoId}/report`, body: { reason: "spam" } }),
    otherUser: "refused",
  },
  "PUT /api/community/posts/:id/block-author": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/posts/${a.milestoneId}/block-author`, body: {} }),
    otherUser: "refused",
  },
  "GET /api/community/blocks": {
    access: "signed-in",
    request: () => ({ path: "/api/community/blocks" }),
    otherUser: "refused",
  },
  "DELETE /api/community/blocks/:id": {
    access: "signed-in",
    request: (a) => ({ path: `/api/community/blocks/${a.userId}` }),
    otherUser: "refused",
  },
  // The menus' badge (issue 53 row 6): his own count; B, not admitted, is answered 0.
  "GET /api/community/news": {
    access: "signed-in",
    request: () => ({ path: "/api/community/news" }),
    otherUser: "own-account",
  },
  // Notifications and the digest (decision 0137): his own only; B, not admitted, is refused before anything is read.
  "GET /api/community/notifications": {
    access: "signed-in",
    request: () => ({ path: "/api/community/notifications" }),
    otherUser: "refused",
  },
  "POST /api/community/notifications/read": {
    access: "signed-in",
    request: () => ({ path: "/api/community/notifications/read", body: {} }),
    otherUser: "refused",
  },
  "GET /api/community/digest": {
    access: "signed-in",
    request: () => ({ path: "/api/community/digest" }),
    otherUser: "refused",
  },
  "PUT /api/community/digest": {
    access: "signed-in",
    request: () => ({ path: "/api/community/digest", body: { digestEmails: false } }),
    otherUser: "refused",
  },
  "POST /api/community/digest/unsubscribe": {
    access: "public",
    why: "the one-click link of the community digest (RFC 8058), posted by mail providers; only a token the server signed for one user's digest turns it off",
    request: (a) => ({
      path: `/api/community/digest/unsubscribe?token=${Buffer.from(a.userId).toString("base64url")}.community.forged`,
      body: {},
    }),
    answers: [400],
  },
  "GET /api/community/digest/unsubscribe": {
    access: "public",
    why: "the digest's one-click address opened in a browser: it only leads to the unsubscribe page, which asks first",
    request: () => ({ path: "/api/community/digest/unsubscribe?token=x" }),
    answers: [303],
  },

  "GET /api/calendar/feed": {
    access: "signed-in",
    request: () => ({ path: "/api/calendar/feed" }),
    otherUser: "own-account",
  },
  "POST /api/calendar/feed": {
    access: "signed-in",
    request: () => ({ path: "/api/calendar/feed", body: {} }),
    otherUser: "own-account",
  },
  "POST /api/calendar/feed/renew": {
    access: "signed-in",
    request: () => ({ path: "/api/calendar/feed/renew", body: {} }),
    otherUser: "own-account",
  },
  "DELETE /api/calendar/feed": {
    access: "signed-in",
    request: () => ({ path: "/api/calendar/feed" }),
    otherUser: "own-account",
  },
  "GET /api/calendar/:file{[A-Za-z0-9_-]{43}\\.ics}": {
    access: "public",
    why: "calendar apps fetch the feed without a session; only the owner's secret token opens it, any other is 404",
    request: () => ({ path: `/api/calendar/${"x".repeat(43)}.ics` }),
    answers: [404],
  },

  "GET /api/reminders/settings": {
    access: "signed-in",
    request: () => ({ path: "/api/reminders/settings" }),
    otherUser: "own-account",
  },
  "PATCH /api/reminders/settings": {
    access: "signed-in",
    request: () => ({ path: "/api/reminders/settings", body: { weeklySummary: false, timeZone: "Europe/Berlin" } }),
    otherUser: "own-account",
  },
  "POST /api/reminders/unsubscribe": {
    access: "public",
    why: "the one-click link of a reminder e-mail (RFC 8058), posted by mail providers; only a token the server signed for one user and list turns that list off",
    request: (a) => ({
      path: `/api/reminders/unsubscribe?token=${Buffer.from(a.userId).toString("base64url")}.deadlines.forged`,
      body: {},
    }),
    answers: [400],
  },
  "GET /api/reminders/unsubscribe": {
    access: "public",
    why: "the one-click address opened in a browser: it only leads to the unsubscribe page, which asks first",
    request: () => ({ path: "/api/reminders/unsubscribe?token=x" }),
    answers: [303],
  },
  "GET /api/screen-time": {
    access: "signed-in",
    request: () => ({ path: "/api/screen-time" }),
    otherUser: "own-account",
  },
  // A check-in is keyed by the caller and a day: B naming A's day reaches his own day, never A's.
  "PUT /api/screen-time/days/:day": {
    access: "signed-in",
    request: () => ({
      path: `/api/screen-time/days/${new Date().toISOString().slice(0, 10)}`,
      body: { minutes: 300, period: "day", source: "typed" },
    }),
    otherUser: "own-account",
  },
  "DELETE /api/screen-time/days/:day": {
    access: "signed-in",
    request: () => ({ path: `/api/screen-time/days/${new Date().toISOString().slice(0, 10)}` }),
    otherUser: "own-account",
  },
  "GET /api/strava": {
    access: "signed-in",
    request: () => ({ path: "/api/strava" }),
    otherUser: "own-account",
  },
  // Connecting binds the state to the caller: B starting one starts his own, never A's.
  "POST /api/strava/connect": {
    access: "signed-in",
    request: () => ({ path: "/api/strava/connect", body: { returnTo: "/dashboard/settings" } }),
    otherUser: "own-account",
  },
  "DELETE /api/strava": {
    access: "signed-in",
    request: () => ({ path: "/api/strava" }),
    otherUser: "own-account",
  },
  "GET /api/strava/callback": {
    access: "public",
    why: "Strava sends the browser back here; only a state the caller's own session started connects anything",
    request: () => ({ path: "/api/strava/callback?state=forged&code=x&scope=read,activity:read" }),
    answers: [303],
  },
  "POST /api/strava/activities/:id/use": {
    access: "signed-in",
    request: () => ({ path: "/api/strava/activities/12000000001/use", body: {} }),
    otherUser: "not-found",
  },
  "POST /api/strava/activities/:id/dismiss": {
    access: "signed-in",
    request: () => ({ path: "/api/strava/activities/12000000001/dismiss", body: {} }),
    otherUser: "not-found",
  },
  "GET /api/strava/webhook": {
    access: "public",
    why: "Strava's subscription handshake; it only echoes a challenge for the server's own verify token",
    request: () => ({ path: "/api/strava/webhook?hub.mode=subscribe&hub.challenge=x&hub.verify_token=guess" }),
    answers: [403],
  },
  "POST /api/strava/webhook": {
    access: "public",
    why: "Strava's push events; an event only makes the server read that activity from Strava with its owner's own grant",
    request: (a) => ({ path: "/api/strava/webhook", body: { object_type: "activity", owner_id: a.userId } }),
    answers: [400],
  },
  "GET /api/evening": {
    access: "signed-in",
    request: () => ({ path: "/api/evening" }),
    otherUser: "own-account",
  },
  "POST /api/evening/phone-down": {
    access: "signed-in",
    request: () => ({ path: "/api/evening/phone-down", body: { day: new Date().toISOString().slice(0, 10) } }),
    otherUser: "own-account",
  },
  "GET /api/evening/phone-down/link": {
    access: "public",
    why: "the page behind an evening nudge's one-tap link asks which evening it is for; it changes nothing, and only a token the server signed for one man and one evening names them",
    request: (a) => ({
      path: `/api/evening/phone-down/link?token=${Buffer.from(a.userId).toString("base64url")}.2026-11-29.1.forged`,
    }),
    answers: [400],
  },
  "POST /api/evening/phone-down/link": {
    access: "public",
    why: "the one-tap Phone down of an evening nudge (the e-mail page's button, the push's action); only a token the server signed for one man and one evening records that evening's answer",
    request: (a) => ({
      path: `/api/evening/phone-down/link?token=${Buffer.from(a.userId).toString("base64url")}.2026-11-29.1.forged`,
      body: {},
    }),
    answers: [400],
  },
  "GET /api/partner-emails/unsubscribe": {
    access: "public",
    why: "the page behind a partner e-mail's unsubscribe link asks whose plan it is about; it changes nothing, and only a token the server signed for one partner names him",
    request: () => ({ path: "/api/partner-emails/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged" }),
    answers: [400],
  },
  "POST /api/partner-emails/unsubscribe": {
    access: "public",
    why: "the one-click link of a partner e-mail (RFC 8058), posted by mail providers; only a token the server signed for one partner stops that partner's e-mails",
    request: () => ({
      path: "/api/partner-emails/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged",
      body: {},
    }),
    answers: [400],
  },
  "GET /api/partner-emails/cheer": {
    access: "public",
    why: "the page behind a partner e-mail's cheer button asks what the cheer is about; it changes nothing, and only a token the server signed for one partner, unexpired, names him (decision 0125)",
    request: (a) => ({ path: `/api/partner-emails/cheer?token=${a.partnerId}..4102444800.forged` }),
    answers: [400],
  },
  "POST /api/partner-emails/cheer": {
    access: "public",
    why: "the cheer page's button: only a token the server signed for one partner, unexpired, sends a cheer in his name, under the partner's own daily limit",
    request: (a) => ({
      path: `/api/partner-emails/cheer?token=${a.partnerId}..4102444800.forged`,
      body: { text: "Probe" },
    }),
    answers: [400],
  },

  "GET /api/partner": { access: "signed-in", request: () => ({ path: "/api/partner" }), otherUser: "own-account" },
  "POST /api/partner/invitations": {
    access: "signed-in",
    // B invites someone to his own list; A's list and A's partners stay as they were.
    request: () => ({
      path: "/api/partner/invitations",
      body: { firstName: "Probe", email: "probe-partner@example.com" },
    }),
    otherUser: "own-account",
  },
  "DELETE /api/partner/:id": {
    access: "signed-in",
    request: (a) => ({ path: `/api/partner/${a.partnerId}` }),
    otherUser: "not-found",
  },
  "POST /api/partner/:id/renew": {
    access: "signed-in",
    request: (a) => ({ path: `/api/partner/${a.partnerId}/renew`, body: {} }),
    otherUser: "not-found",
  },
  "DELETE /api/partner/cheers/:id": {
    access: "signed-in",
    request: (a) => ({ path: `/api/partner/cheers/${a.cheerId}` }),
    otherUser: "not-found",
  },
  "GET /api/partner-view/:token": {
    access: "public",
    why: "an accountability partner opens the plan without an account; only the secret of a link A sent opens it, any other is 404",
    request: () => ({ path: `/api/partner-view/${"x".repeat(43)}` }),
    answers: [404],
  },
  "POST /api/partner-view/:token/accept": {
    access: "public",
    why: "the partner confirms without an account; only the secret of a link A sent names the partnership",
    request: () => ({ path: `/api/partner-view/${"x".repeat(43)}/accept`, body: {} }),
    answers: [404],
  },
  "POST /api/partner-view/:token/cheers": {
    access: "public",
    why: "a confirmed partner cheers without an account; only the secret of a link A sent reaches A's dashboard",
    request: () => ({ path: `/api/partner-view/${"x".repeat(43)}/cheers`, body: { text: "Probe cheer" } }),
    answers: [404],
  },

  "GET /api/partner-view/:token/proofs/:id/photo": {
    access: "public",
    why: "a confirmed partner sees A's proof photos without an account; only the secret of a link A sent opens one",
    request: (a) => ({ path: `/api/partner-view/${"x".repeat(43)}/proofs/${a.proofId}/photo` }),
    answers: [404],
  },

  "GET /api/push": {
    access: "signed-in",
    // Only ever says whether the endpoint is the caller's own: for A's endpoint, B hears "not subscribed".
    request: (a) => ({ path: `/api/push?endpoint=${encodeURIComponent(a.pushEndpoint)}` }),
    otherUser: "own-account",
  },
  "POST /api/push/subscriptions": {
    access: "signed-in",
    request: () => ({ path: "/api/push/subscriptions", body: probeSubscription(probePushEndpoint("probe-device")) }),
    otherUser: "own-account",
  },
  "DELETE /api/push/subscriptions": {
    access: "signed-in",
    request: (a) => ({ path: "/api/push/subscriptions", body: { endpoint: a.pushEndpoint } }),
    otherUser: "not-found",
  },
  // The operator's page (decision 0136): 404 for everyone who is not a marked operator, signed in or not.
  "GET /api/admin/overview": { access: "operator", request: () => ({ path: "/api/admin/overview" }) },
  "GET /api/admin/queue": { access: "operator", request: () => ({ path: "/api/admin/queue" }) },
  "GET /api/admin/decisions": { access: "operator", request: () => ({ path: "/api/admin/decisions" }) },
  "POST /api/admin/decisions": {
    access: "operator",
    request: (a) => ({
      path: "/api/admin/decisions",
      body: { itemKind: "post", itemId: a.milestoneId, decision: "remove", ground: "spam", explanation: "Probe." },
    }),
  },
  "POST /api/admin/admissions": {
    access: "operator",
    request: () => ({ path: "/api/admin/admissions", body: { count: 1 } }),
  },
};
