import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 while the database is reachable", async () => {
    const response = await t.api.health.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers 503 'draining' once the instance is stopping, so the proxy sends it nothing new", async () => {
    const stopping = await createTestApp();
    try {
      stopping.deps.lifecycle.draining = true;
      const response = await stopping.api.health.$get();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "draining" });
    } finally {
      await stopping.close();
    }
  });

  it("sends security headers with every answer", async () => {
    const response = await t.api.health.$get();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // JSON loads nothing: the strictest policy, and no script nonce made for it.
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Plain-http deployments (localhost) must not pin HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("pins HTTPS with HSTS when the public URL is https", async () => {
    const secure = await createTestApp({ APP_URL: "https://unscroll.example" });
    const response = await secure.api.health.$get();
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    await secure.close();
  });

  it("answers unknown API paths with a JSON error, not the web app", async () => {
    const response = await t.request("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
    // Every API answer is per user or per moment: none may be cached.
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("asks the database once for a flood of health checks, so they cannot hold the pool the men's requests need (decision 0177)", async () => {
    const flooded = await createTestApp();
    try {
      const { database } = flooded.deps;
      const ping = database.ping.bind(database);
      let pings = 0;
      database.ping = () => {
        pings += 1;
        return ping();
      };
      const answers = await Promise.all(Array.from({ length: 50 }, () => flooded.api.health.$get()));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(pings).toBe(1);
    } finally {
      await flooded.close();
    }
  });

  it("answers 503 once the database is gone", async () => {
    const other = await createTestApp();
    await other.deps.database.close();
    const response = await other.api.health.$get();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", database: "down" });
    await other.smtp.close();
  });
});
