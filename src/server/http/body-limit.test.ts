import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentedChanges, itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { milestones } from "../db/schema.ts";

const tooLarge = { error: "This request is too large." };

/** A JSON body of about `bytes` bytes that would be a valid milestone edit if it were read. */
function hugeEdit(bytes: number) {
  return JSON.stringify({ milestoneDescription: "Run", padding: "x".repeat(bytes) });
}

/** The same bytes as a stream without Content-Length, counting how much of it the server pulled. */
function chunked(text: string, chunkBytes = 16 * 1024) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
  return { stream, pulled: () => offset };
}

describe("request body limits", () => {
  let t: TestApp;
  let user: TestUser;
  let milestoneId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const withPlan = await t.userWithPlan();
    user = withPlan.user;
    milestoneId = withPlan.plan.challenges[0]!.milestones[0]!.id;
  });
  afterAll(() => t.close());

  const patch = (body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request(`/api/milestones/${milestoneId}`, {
      method: "PATCH",
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("refuses a 1 MB milestone edit with 413 by its Content-Length, and changes nothing", async () => {
    const [before] = await t.db.select().from(milestones).where(eq(milestones.id, milestoneId));
    const body = hugeEdit(1024 * 1024);
    const response = await patch(body, { "content-length": String(Buffer.byteLength(body)) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect((await t.db.select().from(milestones).where(eq(milestones.id, milestoneId)))[0]).toEqual(before);
  });

  it("refuses a chunked 1 MB body without Content-Length once 64 KB have passed, without reading the rest", async () => {
    const [before] = await t.db.select().from(milestones).where(eq(milestones.id, milestoneId));
    const { stream, pulled } = chunked(hugeEdit(1024 * 1024));
    const response = await patch(stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(pulled()).toBeLessThan(256 * 1024);
    expect((await t.db.select().from(milestones).where(eq(milestones.id, milestoneId)))[0]).toEqual(before);
  });

  it("still reads an ordinary edit, streamed or not, just under the limit", async () => {
    const body = hugeEdit(60 * 1024);
    expect((await patch(body)).status).toBe(200);
    expect((await patch(chunked(body).stream)).status).toBe(200);
  });

  it("keeps the account forms at 16 KB and Stripe's webhook at its own 256 KB", async () => {
    const signIn = await t.request("/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password, padding: "x".repeat(20 * 1024) },
    });
    expect(signIn.status).toBe(413);
    expect(await signIn.json()).toEqual(tooLarge);

    const event = JSON.stringify({ id: "evt_1", padding: "x".repeat(100 * 1024) });
    const webhook = await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      body: event,
    });
    // Read in full and refused for its signature, not for its size.
    expect(webhook.status).toBe(400);
    const tooBig = await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      body: JSON.stringify({ padding: "x".repeat(300 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
  });

  it("refuses a 1 MB body with 413 on every change the API document lists a 413 for, before its route reads it (issue 39)", async () => {
    const [before] = await t.db.select().from(milestones).where(eq(milestones.id, milestoneId));
    const changes = await documentedChanges(t, "413");
    expect(changes.length).toBeGreaterThan(30);
    // Over every JSON limit; the two upload routes take 10 MB and have their own tests (proof-upload, run-file).
    const body = hugeEdit(11 * 1024 * 1024);
    for (const { method, path } of changes) {
      const response = await t.app.request(path, {
        method,
        headers: { origin: TEST_ORIGIN, cookie: user.cookie, "content-type": "application/json" },
        body,
      });
      expect([method, path, response.status]).toEqual([method, path, 413]);
    }
    expect((await t.db.select().from(milestones).where(eq(milestones.id, milestoneId)))[0]).toEqual(before);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
