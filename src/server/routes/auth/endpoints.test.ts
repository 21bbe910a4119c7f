import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { type AuthEndpoint, authEndpoints, findAuthEndpoint } from "./endpoints.ts";

const notFound = { error: "Not found" };

/** A path of the row with its `:token` filled in. */
const pathOf = (endpoint: AuthEndpoint) => `/api/auth${endpoint.path.replace(/:[^/]+/g, "some-token")}`;

describe("the table of open auth endpoints (decision 0114)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("opens each row's method and path, and nothing beside it: other methods and a trailing slash are 404", async () => {
    for (const endpoint of authEndpoints) {
      const path = pathOf(endpoint);
      const answer = await t.request(path, {
        method: endpoint.method,
        body: endpoint.method === "POST" ? {} : undefined,
      });
      const where = `${endpoint.method} ${path} → ${answer.status}`;
      // Answered by the guard or by better-auth (a refusal of the empty body, a redirect, a sign-out), never unknown.
      if (answer.status === 404) expect(await answer.json(), where).not.toEqual(notFound);

      const other = endpoint.method === "GET" ? "POST" : "GET";
      if (!findAuthEndpoint(other, endpoint.path)) {
        const closed = await t.request(path, { method: other, body: other === "POST" ? {} : undefined });
        expect([`${other} ${path}`, closed.status, await closed.json()]).toEqual([`${other} ${path}`, 404, notFound]);
      }
      const slashed = await t.request(`${path}/`, {
        method: endpoint.method,
        body: endpoint.method === "POST" ? {} : undefined,
      });
      expect([`${path}/`, slashed.status, await slashed.json()]).toEqual([`${path}/`, 404, notFound]);
    }
  });

  it("answers an endpoint that is not in the table 404, whichever method", async () => {
    for (const [method, path] of [
      ["POST", "/api/auth/sign-up/phone"],
      ["GET", "/api/auth/reset-password"],
      ["GET", "/api/auth/reset-password/"],
      ["POST", "/api/auth/reset-password/some-token"],
      ["GET", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/verify-email"],
    ] as const) {
      const answer = await t.request(path, { method, body: method === "POST" ? {} : undefined });
      expect([method, path, answer.status, await answer.json()]).toEqual([method, path, 404, notFound]);
    }
  });
});

describe("each row, for the API documentation", () => {
  it("has a one-sentence summary and a unique method and path", () => {
    const keys = authEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of authEndpoints) expect(endpoint.summary, endpoint.path).toMatch(/^[A-Z].+\.$/);
  });

  it("gives its body and query as zod schemas that become JSON Schema", () => {
    const documented = (schema: z.ZodType | undefined) =>
      schema && (z.toJSONSchema(schema, { io: "input" }) as { properties?: object; required?: string[] });
    const row = (method: string, path: string) => authEndpoints.find((e) => e.method === method && e.path === path);

    const signUp = documented(row("POST", "/sign-up/email")?.body);
    expect(Object.keys(signUp?.properties ?? {})).toEqual([
      "email",
      "password",
      "firstName",
      "acceptTerms",
      "callbackURL",
    ]);
    expect(signUp?.required).toEqual(["email", "password", "firstName", "acceptTerms"]);
    const signIn = documented(row("POST", "/sign-in/email")?.body);
    expect(signIn).toMatchObject({ properties: { email: { type: "string" } }, required: ["email", "password"] });
    expect(documented(row("POST", "/reset-password")?.body)?.required).toEqual(["token", "newPassword"]);
    expect(Object.keys(documented(row("GET", "/verify-email")?.query)?.properties ?? {})).toContain("token");
    for (const endpoint of authEndpoints) {
      expect(() => documented(endpoint.body), endpoint.path).not.toThrow();
      expect(() => documented(endpoint.query), endpoint.path).not.toThrow();
    }
  });
});
