import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpMessages } from "#server/http/errors.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { type OwnerData, type ProbeRequest, probePushEndpoint, routeProbes } from "./authorization.probes.ts";

/**
 * Every route of the app, taken from the Hono app itself, × {no session, another user B}: anonymous callers get 401
 * (public routes answer what the probe table says), and B neither reads nor changes A's data. A route missing from
 * authorization.probes.ts fails the first test by name.
 */

let t: TestApp;
let a: OwnerData;
let ownerCookie: string;
let other: TestUser;
/** Text only A's data holds: none of it may appear in an answer to B or to nobody. */
let secrets: string[];
let before: Record<string, unknown>;

const A_NAME = "Annika-Probe-Owner";
const A_NOTES = "Owner's private run notes: knee hurts after 5 km.";
const A_WAITLIST_NAME = "Annika Waitlist Secret";
const A_PARTNER_NAME = "Perpetua-Partner";
const A_PARTNER_EMAIL = "perpetua-partner@example.com";
const A_CHEER = "Perpetua's private cheer for Annika";

/** Every route the app answers, as "METHOD /path"; the ALL entries are middleware and fallbacks, not routes. */
function appRoutes(app: TestApp["app"]) {
  return [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
}

/** An operator-only route answers a non-operator exactly as a path that does not exist (decision 0136). */
function expectUnknownPath(answer: { status: number; json: unknown }, route: string) {
  expect(answer.status, `${route} must answer 404 to a non-operator`).toBe(404);
  expect(answer.json, route).toEqual({ error: httpMessages.notFound });
}

async function send(method: string, probe: ProbeRequest, cookie?: string) {
  const response = await t.request(probe.path, {
    method,
    cookie,
    body: method === "GET" ? undefined : (probe.body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, text, json: safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What A sees of his own data; compared before and after all probes. */
async function ownerView() {
  const paths = [
    "/api/me",
    "/api/onboarding",
    "/api/quiz/latest",
    `/api/quiz/responses/${a.quizResponseId}`,
    "/api/workflow",
    "/api/dashboard",
    "/api/billing",
    "/api/community",
    "/api/community/waitlist",
    `/api/push?endpoint=${encodeURIComponent(a.pushEndpoint)}`,
    "/api/partner",
  ];
  const view: Record<string, unknown> = {};
  for (const path of paths) {
    const response = await t.request(path, { cookie: ownerCookie });
    const body = (await response.json()) as Record<string, unknown>;
    // How many are waiting counts everyone, B too: not A's data.
    if (path === "/api/community") delete body.membersWaiting;
    view[path] = { status: response.status, body };
  }
  return view;
}

/** The same request against ids that do not exist: what "not found" looks like. */
function unknownIds(owner: OwnerData): OwnerData {
  return {
    ...owner,
    quizResponseId: randomUUID(),
    challengeId: randomUUID(),
    milestoneId: randomUUID(),
    todoId: randomUUID(),
    checkoutSessionId: `cs_test_${randomUUID().replaceAll("-", "")}`,
    pushEndpoint: probePushEndpoint(randomUUID()),
    partnerId: randomUUID(),
    cheerId: randomUUID(),
    proofId: randomUUID(),
  };
}

/** Ids differ between the two answers only where the request named them; everything else must be identical. */
function withoutIds(text: string, owner: OwnerData, unknown: OwnerData) {
  let result = text;
  for (const key of [
    "quizResponseId",
    "challengeId",
    "milestoneId",
    "todoId",
    "checkoutSessionId",
    "pushEndpoint",
    "partnerId",
    "cheerId",
    "proofId",
  ] as const) {
    result = result.replaceAll(owner[key], "<id>").replaceAll(unknown[key], "<id>");
  }
  return result;
}

/** Text the caller sent himself (an id in the path, an address he typed) may come back; nothing else of A's. */
function expectNothingOfA(text: string, route: string, sent: ProbeRequest) {
  const own = JSON.stringify(sent);
  for (const secret of secrets.filter((s) => !own.includes(s))) {
    expect(text.includes(secret), `${route} revealed A's "${secret}"`).toBe(false);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const { user, quizResponseId, plan } = await t.userWithPlan({ firstName: A_NAME });
  ownerCookie = user.cookie;
  const challenge = plan.challenges[0]!;
  const milestone = challenge.milestones[0]!;
  const todos = await t.request(`/api/milestones/${milestone.id}/todos`, {
    method: "POST",
    cookie: ownerCookie,
    body: {},
  });
  const { todos: created } = (await todos.json()) as { todos: { id: string }[] };
  const checkout = await t.request("/api/billing/checkout", {
    cookie: ownerCookie,
    body: { planId: "premium_monthly" },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  await t.request("/api/onboarding/challenge", { cookie: ownerCookie, body: { maxDurationMinutes: 30 } });
  await acceptedChallengeMinutesAgo(t.db, user.id, 60);
  await t.request("/api/onboarding/run-validation", {
    cookie: ownerCookie,
    body: { previousMaxDuration: 30, todayDuration: 45, notes: A_NOTES },
  });
  await t.request("/api/community/waitlist", {
    cookie: ownerCookie,
    body: { email: user.email, name: A_WAITLIST_NAME },
  });
  const pushEndpoint = probePushEndpoint(randomUUID());
  const subscribed = await t.request("/api/push/subscriptions", {
    cookie: ownerCookie,
    body: { endpoint: pushEndpoint, keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } },
  });
  if (subscribed.status !== 200) throw new Error(`push subscription failed: ${await subscribed.text()}`);
  // A's accountability partner, confirmed from the invitation's link, and the cheer the partner sent him.
  const invited = await t.request("/api/partner/invitations", {
    cookie: ownerCookie,
    body: { firstName: A_PARTNER_NAME, email: A_PARTNER_EMAIL },
  });
  if (invited.status !== 201) throw new Error(`partner invitation failed: ${await invited.text()}`);
  const invitation = await t.smtp.waitFor(A_PARTNER_EMAIL);
  const partnerLink = new URL(invitation.links.find((l) => l.includes("/partner/view/"))!);
  const partnerToken = partnerLink.pathname.split("/").at(-1)!;
  await t.request(`/api/partner-view/${partnerToken}/accept`, { body: {} });
  const cheered = await t.request(`/api/partner-view/${partnerToken}/cheers`, { body: { text: A_CHEER } });
  if (cheered.status !== 201) throw new Error(`cheer failed: ${await cheered.text()}`);
  const partnerList = (await (await t.request("/api/partner", { cookie: ownerCookie })).json()) as {
    partners: { id: string }[];
    cheers: { id: string }[];
  };
  // A's milestone proved by a photo.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c8ff2e" } })
    .png()
    .toBuffer();
  const proved = await user.api.milestones[":id"].proof.$post({
    param: { id: milestone.id },
    form: { file: new File([photo], "proof.png") },
  });
  if (proved.status !== 201) throw new Error(`proof upload failed: ${await proved.text()}`);
  const { proof } = await proved.json();
  a = {
    userId: user.id,
    email: user.email,
    password: user.password,
    quizResponseId,
    challengeId: challenge.id,
    milestoneId: milestone.id,
    todoId: created[0]!.id,
    checkoutSessionId: sessionId,
    pushEndpoint,
    partnerId: partnerList.partners[0]!.id,
    cheerId: partnerList.cheers[0]!.id,
    proofId: proof.id,
  };
  secrets = [
    a.userId,
    a.email,
    A_NAME,
    A_NOTES,
    A_WAITLIST_NAME,
    a.quizResponseId,
    a.challengeId,
    a.milestoneId,
    a.todoId,
    a.checkoutSessionId,
    a.pushEndpoint,
    challenge.title,
    a.partnerId,
    a.cheerId,
    a.proofId,
    A_PARTNER_NAME,
    A_PARTNER_EMAIL,
    A_CHEER,
    partnerToken,
  ];
  // B has a different password, so A's password cannot stand in for his.
  other = await t.createUser({ firstName: "Bert", password: "other4pass" });
  before = await ownerView();
});

afterAll(async () => {
  await t?.close();
});

describe("authorization of every route", () => {
  it("has a probe for every route of the app, and no probe for a route that is gone", () => {
    const routes = appRoutes(t.app);
    const missing = routes.filter((r) => !(r in routeProbes));
    expect(missing, `routes without an entry in authorization.probes.ts: ${missing.join(", ")}`).toEqual([]);
    const stale = Object.keys(routeProbes).filter((r) => !routes.includes(r));
    expect(stale, `probes for routes that do not exist: ${stale.join(", ")}`).toEqual([]);
  });

  it("answers a caller without a session 401 {error}, public routes as listed, and reveals nothing of A", async () => {
    for (const [route, probe] of Object.entries(routeProbes)) {
      const [method = "GET"] = route.split(" ");
      const request = probe.request(a);
      const answer = await send(method, request);
      if (probe.access === "operator") {
        expectUnknownPath(answer, route);
      } else if (probe.access === "public" || probe.anonymous) {
        const answers = probe.access === "public" ? probe.answers : probe.anonymous;
        expect(answers, `${route} answered ${answer.status}`).toContain(answer.status);
      } else {
        expect(answer.status, `${route} without a session`).toBe(401);
        expect(typeof (answer.json as { error?: unknown })?.error, route).toBe("string");
      }
      expectNothingOfA(answer.text, route, request);
    }
  });

  it("never lets another user read or change A's data", async () => {
    for (const [route, probe] of Object.entries(routeProbes)) {
      const [method = "GET"] = route.split(" ");
      const request = probe.request(a);
      const answer = await send(method, request, other.cookie);
      expect(answer.status, `${route} as another user: ${answer.text}`).toBeLessThan(500);
      expectNothingOfA(answer.text, route, request);
      if (probe.access === "public") {
        expect(probe.answers, `${route} answered ${answer.status}`).toContain(answer.status);
        continue;
      }
      if (probe.access === "operator") {
        expectUnknownPath(answer, route);
        continue;
      }
      if (probe.otherUser === "not-found") {
        const unknown = unknownIds(a);
        const control = await send(method, probe.request(unknown), other.cookie);
        expect(answer.status, `${route} for A's data`).toBe(404);
        expect(withoutIds(answer.text, a, unknown), `${route}: A's data answers unlike an unknown id`).toBe(
          withoutIds(control.text, a, unknown),
        );
      } else if (probe.otherUser === "refused") {
        expect(answer.status, route).toBeGreaterThanOrEqual(400);
        expect(typeof (answer.json as { error?: unknown })?.error, route).toBe("string");
      }
    }
    expect(await ownerView()).toEqual(before);
    // A can still sign in: nothing B did removed or locked his account.
    await expect(t.logIn(a.email, a.password)).resolves.toContain("=");
  });
});
