import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUpBody } from "#tests/support/personas.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { answeredAuthWork, users } from "../db/schema.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { createDeferredAuthWork } from "./deferred-auth-work.ts";

/**
 * A sign-up is answered before its work (decisions 0063, 0101); the work is kept in the database until it is done
 * (decision 0121), so an instance that dies between the answer and the work does not lose him: another instance does
 * the work once the first one's lease has run out.
 */
describe("a sign-up whose instance died after answering", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The instance that answered him and died: it kept the request, and never got to do the work. */
  async function answeredThenDied(body: object) {
    const dying = createDeferredAuthWork({
      db: t.db,
      logger: t.deps.logger,
      secret: t.deps.env.AUTH_SECRET,
      handle: () => Promise.reject(new Error("this instance is gone")),
    });
    const request = new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "203.0.113.9" },
      body: JSON.stringify(body),
    });
    expect(await dying.start("sign-up", "ignored@example.com", request, () => new Promise(() => {}))).toBe(true);
  }

  const afterTheLease = () => new Date(Date.now() + 61_000);

  it("is done by another instance once the lease runs out: the account is written and the confirmation sent", async () => {
    const account = newAccount();
    await answeredThenDied(signUpBody(account));
    // The password waits sealed, never readable in the database.
    const rows = await t.db.select().from(answeredAuthWork);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.sealed).not.toContain(account.password);
    // Within the lease the answering instance might still be at it: nobody else touches it.
    expect(await t.deps.auth.answeredWork.takeOverAbandoned()).toBe(0);

    const since = t.smtp.mails.length;
    expect(await t.deps.auth.answeredWork.takeOverAbandoned(afterTheLease())).toBe(1);
    const mail = await t.smtp.waitFor(account.email, { since });
    expect(mail.links.some((l) => l.includes("/api/auth/verify-email"))).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(1);
    expect(await t.db.select().from(answeredAuthWork)).toHaveLength(0);
  });

  it("is not sent twice when the account was written before the instance died: no notice about himself", async () => {
    const user = await t.createUser();
    await t.db.delete(answeredAuthWork);
    // His sign-up's row outlived the work (the instance died between the writes and the row's removal).
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() + 500) })
      .where(eq(users.id, user.id));
    await answeredThenDied(signUpBody(user));
    const since = t.smtp.mails.length;
    expect(await t.deps.auth.answeredWork.takeOverAbandoned(afterTheLease())).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.slice(since).filter((m) => m.to.includes(user.email))).toEqual([]);
    expect(await t.db.select().from(answeredAuthWork)).toHaveLength(0);
  });

  it("drops work sealed under another AUTH_SECRET instead of trying it forever", async () => {
    const other = createDeferredAuthWork({
      db: t.db,
      logger: t.deps.logger,
      secret: "b".repeat(40),
      handle: () => Promise.reject(new Error("gone")),
    });
    const request = new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, { method: "POST", body: "{}" });
    await other.start("sign-up", "x@example.com", request, () => new Promise(() => {}));
    expect(await t.deps.auth.answeredWork.takeOverAbandoned(afterTheLease())).toBe(1);
    expect(await t.db.select().from(answeredAuthWork)).toHaveLength(0);
  });
});
