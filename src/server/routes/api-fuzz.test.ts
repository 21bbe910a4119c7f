import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzJson, fuzzObject, fuzzParameters, fuzzText } from "#tests/support/fuzz.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { type OwnerData, probePushEndpoint, routeProbes } from "./authorization.probes.ts";

/**
 * Every route of the app (the probe table's, which the authorization test keeps equal to the app's own list) under
 * arbitrary input: path parameters, query strings and bodies of any shape and content, with and without a session.
 * No input may answer 5xx, and every 4xx says why in {error}. FUZZ_RUNS (per route) and FUZZ_SEED explore further.
 */

let t: TestApp;
let cookie: string;
/** Real ids of the signed-in user's own rows, so fuzzed bodies also reach the code behind "found". */
let ownIds: string[];
/** The signed-in user's data for the probe table's valid requests; a wrong password, so he is never deleted. */
let own: OwnerData;

/** Every field name any request knows, so fuzzed objects get past "unknown field" into each field's checks. */
const fieldNames = [
  "email",
  "password",
  "firstName",
  "acceptTerms",
  "callbackURL",
  "token",
  "newPassword",
  "answers",
  "question",
  "answer",
  "responseId",
  "title",
  "description",
  "challengeAccepted",
  "milestones",
  "id",
  "milestoneDescription",
  "milestoneDeadline",
  "milestoneCompleted",
  "todoCompleted",
  "maxDurationMinutes",
  "previousMaxDuration",
  "todayDuration",
  "notes",
  "planId",
  "sessionId",
  "name",
  "interests",
  "endpoint",
  "keys",
  "p256dh",
  "auth",
  "expirationTime",
];

const authEndpoints = [
  "sign-up/email",
  "sign-in/email",
  "request-password-reset",
  "reset-password",
  "verify-email",
  "get-session",
  "update-user",
  "revoke-session",
  "change-password",
  "list-sessions",
];

/** Percent-encodes any UTF-16 text, lone surrogates included (as the bytes a broken client would send). */
function encodeSegment(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
}

const segment = fc.oneof(
  fc.constant("<own>"),
  fc.uuid().map(String),
  fuzzText.map(encodeSegment),
  fc.constantFrom("%", "%zz", "%00", "%ED%A0%80", "..", "%2F", "a/b", "9".repeat(400), "-1", "1e309"),
);

const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom("id", "token", "__proto__", "callbackURL"), fuzzText), fuzzText), {
    maxLength: 4,
  })
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join("&")}` : "",
  );

/**
 * The route's valid request (the probe table's) with some of its values replaced: mostly ordinary text in any script
 * (so it passes validation and reaches the database), sometimes hostile text or any JSON at all.
 */
function shaped(template: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(template)) return fc.tuple(...template.map(shaped));
  if (template && typeof template === "object") {
    return fc.record(Object.fromEntries(Object.entries(template).map(([key, value]) => [key, shaped(value)])));
  }
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(template) },
    { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }) },
    { weight: 1, arbitrary: fuzzText },
    { weight: 1, arbitrary: fuzzJson() },
  );
}

const anyBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fuzzObject(fieldNames).map((value) => ({ type: "application/json", text: JSON.stringify(value) })),
  },
  {
    weight: 2,
    arbitrary: fuzzJson(fieldNames).map((value) => ({ type: "application/json", text: JSON.stringify(value) ?? "" })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "",
        "multipart/form-data",
      ),
      text: fc.oneof(fuzzText, fc.constantFrom("{", "[1,", "null", "", "\u0000", "a=%00&b=1", '{"a":1}{')),
    }),
  },
);

function bodyFor(route: string) {
  const template = routeProbes[route]?.request(own).body;
  if (template === undefined) return anyBody;
  return fc.oneof(
    { weight: 1, arbitrary: anyBody },
    {
      weight: 1,
      arbitrary: shaped(template).map((value) => ({ type: "application/json", text: JSON.stringify(value) })),
    },
  );
}

function pathFor(pattern: string, segments: string[]) {
  let i = 0;
  return pattern.replace(/:[a-zA-Z]+|\*/g, (part) => {
    const value = segments[i++] ?? "x";
    if (part === "*") return value === "<own>" ? "sign-in/email" : value;
    return value === "<own>" ? (ownIds[i % ownIds.length] ?? "x") : value;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const { user, quizResponseId, plan } = await t.userWithPlan();
  cookie = user.cookie;
  const milestones = plan.challenges.flatMap((c) => c.milestones.map((m) => m.id));
  const todos = await t.request(`/api/milestones/${milestones[0]}/todos`, { method: "POST", cookie, body: {} });
  const { todos: created } = (await todos.json()) as { todos: { id: string }[] };
  ownIds = [quizResponseId, ...plan.challenges.map((c) => c.id), ...milestones, ...created.map((todo) => todo.id)];
  const checkout = await t.request("/api/billing/checkout", { cookie, body: { planId: "premium_monthly" } });
  own = {
    userId: user.id,
    email: user.email,
    password: "not-his-password-1",
    quizResponseId,
    challengeId: plan.challenges[0]!.id,
    milestoneId: milestones[0]!,
    todoId: created[0]!.id,
    checkoutSessionId: ((await checkout.json()) as { sessionId: string }).sessionId,
    pushEndpoint: probePushEndpoint("fuzz-device"),
    partnerId: "00000000-0000-4000-8000-000000000001",
    cheerId: "00000000-0000-4000-8000-000000000002",
    proofId: "00000000-0000-4000-8000-000000000003",
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("every route under arbitrary input", () => {
  for (const route of Object.keys(routeProbes)) {
    const [method = "GET", pattern = "/"] = route.split(" ");
    it(`${route}: never 5xx, every 4xx with {error}`, async () => {
      const segments = fc.array(segment, { minLength: 2, maxLength: 2 });
      const authPath = fc.oneof(fc.constantFrom(...authEndpoints), fuzzText.map(encodeSegment));
      await fc.assert(
        fc.asyncProperty(
          pattern.includes("*") ? authPath.map((p) => [p]) : segments,
          query,
          bodyFor(route),
          fc.boolean(),
          async (parts, search, sent, signedIn) => {
            const headers: Record<string, string> = { origin: TEST_ORIGIN };
            if (signedIn) headers.cookie = cookie;
            if (sent.type) headers["content-type"] = sent.type;
            const path = pathFor(pattern, parts) + search;
            const response = await t.app.request(path, {
              method,
              headers,
              body: method === "GET" ? undefined : sent.text,
            });
            const text = await response.text();
            const where = `${method} ${path.slice(0, 200)} body ${sent.text.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`;
            expect(response.status, where).toBeLessThan(500);
            if (response.status >= 400 && pattern.startsWith("/api/")) {
              expect(typeof (JSON.parse(text) as { error?: unknown }).error, where).toBe("string");
            }
          },
        ),
        fuzzParameters(40),
      );
    }, 60_000);
  }

  it("the signed-in user's session survived the fuzzing (so the signed-in half really was signed in)", async () => {
    const me = (await (await t.request("/api/me", { cookie })).json()) as { user: unknown };
    expect(me.user).not.toBeNull();
  });
});
