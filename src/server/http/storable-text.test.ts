import { eq } from "drizzle-orm";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersFor, TEST_PASSWORD, uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { challenges, milestones, quizResponses, runValidations, users } from "../db/schema.ts";

const refused = { error: "This request contains characters that cannot be stored." };

/** Text PostgreSQL cannot keep: a NUL, and UTF-16 halves without their partner (as JSON escapes deliver them). */
const unstorable = [
  ["a NUL", "a\u0000b"],
  ["a lone high surrogate", "a\uD83Db"],
  ["a lone low surrogate", "a\uDE00b"],
] as const;

describe("text no database can store (NUL, lone surrogates)", () => {
  let t: TestApp;
  let user: TestUser;
  let milestoneId: string;
  let challengeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const withPlan = await t.userWithPlan();
    user = withPlan.user;
    challengeId = withPlan.plan.challenges[0]!.id;
    milestoneId = withPlan.plan.challenges[0]!.milestones[0]!.id;
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body: unknown, cookie = user.cookie) =>
    t.request(path, { method, body, cookie });

  it.each(unstorable)("answers 400 for %s in any text field and changes nothing", async (_, text) => {
    const [milestoneBefore] = await t.db.select().from(milestones).where(eq(milestones.id, milestoneId));
    const [challengeBefore] = await t.db.select().from(challenges).where(eq(challenges.id, challengeId));
    const [userBefore] = await t.db.select().from(users).where(eq(users.id, user.id));
    const quizzesBefore = await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id));

    const attempts: Array<[string, string, unknown]> = [
      ["PATCH", `/api/milestones/${milestoneId}`, { milestoneDescription: text }],
      ["PATCH", "/api/milestones", { milestones: [{ id: milestoneId, milestoneDescription: text }] }],
      ["PATCH", `/api/challenges/${challengeId}`, { title: text }],
      ["POST", "/api/onboarding/run-validation", { previousMaxDuration: 20, todayDuration: 30, notes: text }],
      ["POST", "/api/quiz/responses", { answers: answersFor(answersFor().map((_, i) => (i === 2 ? text : "Run"))) }],
      ["PATCH", "/api/me", { firstName: text }],
      // Hidden in an object key, deep down.
      ["PATCH", `/api/milestones/${milestoneId}`, { milestoneDescription: "Fine", [text]: [[{ x: 1 }]] }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(method, path, body);
      expect({ method, path, status: response.status, body: await response.json() }).toEqual({
        method,
        path,
        status: 400,
        body: refused,
      });
    }

    expect((await t.db.select().from(milestones).where(eq(milestones.id, milestoneId)))[0]).toEqual(milestoneBefore);
    expect((await t.db.select().from(challenges).where(eq(challenges.id, challengeId)))[0]).toEqual(challengeBefore);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]).toEqual(userBefore);
    expect(await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id))).toEqual(quizzesBefore);
    expect(await t.db.select().from(runValidations).where(eq(runValidations.userId, user.id))).toEqual([]);
  });

  it.each(unstorable)("answers 400 for %s on the anonymous auth endpoints too", async (_, text) => {
    const email = uniqueEmail("nul");
    const attempts: Array<[string, unknown]> = [
      ["/api/auth/reset-password", { token: text, newPassword: "new4pass" }],
      ["/api/auth/sign-up/email", { email, password: TEST_PASSWORD, firstName: text, acceptTerms: true }],
      ["/api/auth/sign-in/email", { email: `${text}@example.com`, password: TEST_PASSWORD }],
      ["/api/auth/request-password-reset", { email: user.email, redirectTo: text }],
    ];
    for (const [path, body] of attempts) {
      const response = await t.request(path, { body });
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 400,
        body: refused,
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a NUL in the query string or the path, and in a form-encoded body", async () => {
    for (const path of ["/api/quiz/latest?x=a%00b", `/api/milestones/${milestoneId}%00`]) {
      const response = await t.request(path, { cookie: user.cookie });
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 400,
        body: refused,
      });
    }
    const form = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      body: `email=a%00b%40example.com&password=${TEST_PASSWORD}`,
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual(refused);
  });

  it("issue 52 row 14: every operation of the document lists the 400 for unusable characters in its path or query, and answers it", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as OpenAPIV3_1.Document;
    const operations = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
      (["get", "put", "post", "patch", "delete"] as const)
        .filter((verb) => item?.[verb])
        .map((verb) => ({ verb, template, responses: item?.[verb]?.responses ?? {} })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const unlisted: string[] = [];
    const unanswered: string[] = [];
    for (const { verb, template, responses } of operations) {
      // Stripe's webhook reads Stripe's signed text, not a user's: it is not checked, so the document lists no such 400.
      if (template === "/api/billing/webhook") continue;
      const listed = (responses["400"] as OpenAPIV3_1.ResponseObject | undefined)?.description ?? "";
      if (!listed.includes(refused.error)) unlisted.push(`${verb.toUpperCase()} ${template}`);
      const path = template.replace(/\{[^}]+\}/g, "a%00b");
      for (const asked of [`${path}?x=a%00b`, ...(path === template ? [] : [path])]) {
        const response = await t.request(asked, { method: verb.toUpperCase(), cookie: user.cookie });
        const body = await response.json().catch(() => null);
        if (response.status !== 400 || body?.error !== refused.error) {
          unanswered.push(`${verb.toUpperCase()} ${asked} ${response.status}`);
        }
      }
    }
    expect(unanswered).toEqual([]);
    expect(unlisted).toEqual([]);
  });

  it("still stores ordinary text, emoji (a surrogate pair) and a request it cannot parse is the route's to answer", async () => {
    const saved = await send("PATCH", `/api/milestones/${milestoneId}`, { milestoneDescription: "Run 5 km 🏃‍♂️ ü" });
    expect(saved.status).toBe(200);
    expect((await saved.json()).milestone.milestoneDescription).toBe("Run 5 km 🏃‍♂️ ü");

    const broken = await t.app.request(`/api/milestones/${milestoneId}`, {
      method: "PATCH",
      headers: { origin: "http://localhost:3000", cookie: user.cookie, "content-type": "application/json" },
      body: '{"milestoneDescription": "a',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).not.toBe(refused.error);
  });
});
