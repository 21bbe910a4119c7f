import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { newAccount, signUpBody } from "#tests/support/personas.ts";
import type { realClient } from "#tests/support/real-client.ts";
import { startRealServer } from "#tests/support/real-server.ts";
import { STARTUP_MS } from "#tests/support/server-process.ts";

/**
 * Issue 36: the server `npm start` runs behind two proxies (CDN -> HAProxy -> app, TRUST_PROXY_HOPS=2), over real
 * sockets. The test is the inner proxy: every request comes from 127.0.0.1 with the X-Forwarded-For the two proxies
 * would have built, and the per-address sign-up limit (10 in a window) shows which address the server counted.
 */
const onPostgres = inject("testDb").kind === "postgres";

describe(`the client address behind two proxies (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let running: Awaited<ReturnType<typeof startRealServer>>;
  let postJson: ReturnType<typeof realClient>["postJson"];
  const cdnEdge = "198.51.100.1";

  beforeAll(async () => {
    running = await startRealServer("proxy-hops", { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" });
    ({ postJson } = running.client);
  }, STARTUP_MS * 2);
  afterAll(() => running?.close());

  const signUp = (forwardedFor: string) =>
    postJson("/api/auth/sign-up/email", signUpBody(newAccount()), { headers: { "x-forwarded-for": forwardedFor } });

  it("counts the address the CDN saw, whatever the client wrote before it, and not the CDN's own", async () => {
    const client = "203.0.113.9";
    for (let i = 0; i < 10; i++) {
      // A different forged address each time: were it counted, no limit would ever be reached.
      expect((await signUp(`10.9.${i}.1, ${client}, ${cdnEdge}`)).status).toBe(200);
    }
    const refused = await signUp(`10.9.99.1, ${client}, ${cdnEdge}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another client behind the same CDN edge and the same inner proxy has a counter of his own.
    expect((await signUp(`203.0.113.10, ${cdnEdge}`)).status).toBe(200);
  });

  it("counts the entry the inner proxy appended when a request skipped the CDN", async () => {
    const client = "203.0.113.20";
    for (let i = 0; i < 10; i++) expect((await signUp(client)).status).toBe(200);
    // Neither the socket's peer (the inner proxy, 127.0.0.1) nor a fresh counter: the same client, over his limit.
    expect((await signUp(client)).status).toBe(429);
  });
  itAnswersOnlyDocumentedStatuses(() => running.client);
});
