import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentedChanges, itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { sessions, users } from "../db/schema.ts";
import { acceptedOrigins } from "./origin-check.ts";

const refused = { error: "This request was refused. Please reload the page and try again." };

describe("state-changing requests from another site's page are refused (issue 12, row 9)", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ firstName: "Nora" });
  });
  afterAll(() => t.close());

  /** PATCH /api/me as the signed-in user, with the given browser headers instead of our own Origin. */
  function rename(headers: Record<string, string>, firstName = "Mallory") {
    return t.app.request("/api/me", {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie: user.cookie, ...headers },
      body: JSON.stringify({ firstName }),
    });
  }

  async function firstName() {
    const [row] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
    return row?.firstName;
  }

  it("refuses a foreign Origin, a foreign Referer without Origin, an opaque origin and a cross-site fetch", async () => {
    const cases: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
      { origin: "null" },
      { referer: "https://evil.example/page" },
      { referer: "not a url" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of cases) {
      const response = await rename(headers);
      expect([headers, response.status]).toEqual([headers, 403]);
      expect(await response.json()).toEqual(refused);
    }
    expect(await firstName()).toBe("Nora");
  });

  it("refuses it on every state-changing method and on the account endpoints, before anything happens", async () => {
    const foreign = { origin: "https://evil.example", "content-type": "application/json", cookie: user.cookie };
    for (const [method, path, body] of [
      ["POST", "/api/quiz/responses", { answers: [] }],
      ["DELETE", "/api/todos/00000000-0000-0000-0000-000000000000", undefined],
      ["PUT", "/api/milestones/00000000-0000-0000-0000-000000000000", {}],
      ["POST", "/api/auth/sign-out", {}],
    ] as const) {
      const response = await t.app.request(path, {
        method,
        headers: foreign,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([path, response.status]).toEqual([path, 403]);
    }
    // The sign-out was refused: the session is still there.
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBeGreaterThan(0);

    const email = uniqueEmail("csrf");
    const signUp = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email, password: "run4ever", firstName: "X", name: "X", acceptTerms: true }),
    });
    expect(signUp.status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses every change the API document lists a 403 for, from a foreign page, before its route reads it (issue 39)", async () => {
    const changes = await documentedChanges(t, "403");
    expect(changes.length).toBeGreaterThan(30);
    for (const { method, path } of changes) {
      const response = await t.app.request(path, {
        method,
        headers: { origin: "https://evil.example", "content-type": "application/json", cookie: user.cookie },
        body: method === "DELETE" ? undefined : "{}",
      });
      expect([method, path, response.status, await response.json()]).toEqual([method, path, 403, refused]);
    }
    expect(await firstName()).toBe("Nora");
  });

  it("lets the app's own pages, reads, and non-browser clients without Origin through", async () => {
    expect((await rename({ origin: TEST_ORIGIN }, "Lena")).status).toBe(200);
    expect((await rename({ referer: `${TEST_ORIGIN}/profile` }, "Lena")).status).toBe(200);
    // curl or a script: no Origin, no Referer, no Fetch Metadata, so no victim's browser either.
    expect((await rename({}, "Lena")).status).toBe(200);
    expect((await rename({ "sec-fetch-site": "same-origin" }, "Lena")).status).toBe(200);
    expect(await firstName()).toBe("Lena");
    // Reading is not refused (a foreign page cannot read the answer anyway).
    const read = await t.app.request("/api/me", { headers: { origin: "https://evil.example", cookie: user.cookie } });
    expect(read.status).toBe(200);
  });

  it("leaves Stripe's webhook to its signature", async () => {
    const response = await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBe(400);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("the accepted origins", () => {
  const request = (url: string) => new Request(url);

  it("are APP_URL's alone in production, whatever address the request was sent to", () => {
    const env = { APP_URL: "https://unscroll.example", NODE_ENV: "production" } as const;
    expect(acceptedOrigins(env, request("http://10.0.0.5:3000/api/me"))).toEqual(["https://unscroll.example"]);
  });

  it("add the address the request was sent to in development", () => {
    const env = { APP_URL: "http://localhost:3000", NODE_ENV: "development" } as const;
    expect(acceptedOrigins(env, request("http://192.168.1.23:3000/api/me"))).toEqual([
      "http://localhost:3000",
      "http://192.168.1.23:3000",
    ]);
    expect(acceptedOrigins(env)).toEqual(["http://localhost:3000"]);
  });
});
