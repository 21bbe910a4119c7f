import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { Db } from "#server/db/client.ts";
import { accounts, subscriptions, users, verifications } from "#server/db/schema.ts";
import { exportReview } from "#server/services/account/data-export.ts";
import {
  schemaTableNames,
  tablesWithoutUserColumn,
  userColumnsOf,
  userTables,
} from "#server/services/account/user-tables.ts";
import type { DataExport } from "#shared/account/data-rights.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { type FakeStripe, startFakeStripe } from "#tests/support/fake-stripe.ts";
import { answersFor, MARCUS, newAccount, signUpBody } from "#tests/support/personas.ts";
import { cookieFrom, createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

// Over 400 lines and one job: his export and his deletion, both checked against the same man who filled every table.

/** Every table of the schema whose row, read as text, contains `needle` (an id or an address). */
async function tablesHolding(db: Db, needle: string) {
  const holding: string[] = [];
  for (const name of schemaTableNames()) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
    );
    const n = Number((result.rows[0] as { n: number }).n);
    if (n > 0) holding.push(`${name} (${n})`);
  }
  return holding;
}

/** A browser's push keys (the public key of an uncompressed P-256 point and a 16-byte secret), base64url. */
const pushKeys = { p256dh: `BD${"x".repeat(85)}`, auth: "authSecret0123456789ab" };

/** A user with something in every table a user can fill through the API. */
async function fullUser(t: TestApp) {
  const { user, quizResponseId, plan } = await t.userWithPlan();
  await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 40 } });
  await acceptedChallengeMinutesAgo(t.db, user.id, 90);
  await user.api.onboarding["run-validation"].$post({
    json: { previousMaxDuration: 40, todayDuration: 65, notes: "Hardest hour of my year, but I kept moving." },
  });
  const [challenge] = plan.challenges;
  if (!challenge) throw new Error("plan without challenges");
  await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
  const milestone = challenge.milestones[0];
  if (!milestone) throw new Error("challenge without milestones");
  await user.api.milestones[":id"].todos.$post({ param: { id: milestone.id } });
  await user.api.community.notify.$post();
  await user.api.community.waitlist.$post({
    json: { email: user.email, name: "Marcus Doe", interests: ["habits"] },
  });
  const push = { endpoint: `http://127.0.0.1:9/push/${user.id}-device`, keys: pushKeys };
  expect((await user.api.push.subscriptions.$post({ json: push })).status).toBe(200);
  return { user, quizResponseId, challenge, milestone, push };
}

/** Signs up with an address that has mail already (createUser would read the newest one), confirms, logs in. */
async function signUpAgain(t: TestApp, email: string) {
  const account = newAccount({ email });
  const since = t.smtp.mails.length;
  expect((await t.request("/api/auth/sign-up/email", { body: signUpBody(account) })).status).toBe(200);
  const mail = await t.smtp.waitFor(email, { since, subject: /Confirm/ });
  const link = new URL(mail.links.find((l) => l.includes("/api/auth/verify-email")) ?? "");
  expect((await t.request(link.pathname + link.search)).status).toBeLessThan(400);
  const api = t.client(await t.logIn(email, account.password));
  const me = await (await api.me.$get()).json();
  return { id: me.user?.id ?? "", api };
}

async function exportOf(user: Pick<TestUser, "api">) {
  const response = await user.api.me.data.$get();
  expect(response.status).toBe(200);
  return { response, file: (await response.json()) as DataExport };
}

/** The cookies an answer sets or clears, but the offline copy's tag every signed-in answer may set (decision 0170). */
const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => !cookie.startsWith("unscroll.copy="));

describe("which tables hold a user (schema discovery)", () => {
  it("classifies every table of the schema: a user table with a reviewed export, or a reason it holds nobody", () => {
    const found = userTables().map((t) => t.name);
    const unclassified = schemaTableNames().filter((n) => !found.includes(n) && !(n in tablesWithoutUserColumn));
    expect(unclassified, "tables with neither a user column nor a reason in tablesWithoutUserColumn").toEqual([]);
    const unreviewed = found.filter((n) => !(n in exportReview));
    expect(unreviewed, "user tables without an entry in exportReview (data-export.ts)").toEqual([]);
    expect(
      Object.keys(exportReview).filter((n) => !found.includes(n)),
      "reviews of tables that are gone",
    ).toEqual([]);
    expect(
      found.filter((n) => n in tablesWithoutUserColumn),
      "user tables listed as holding nobody",
    ).toEqual([]);
  });

  it("finds a user column by its foreign key to users.id or by its name, and nothing else", () => {
    const byKey = pgTable("notes_by_key", { owner: text("owner").references(() => users.id), body: text("body") });
    const byName = pgTable("notes_by_name", { authorUserId: text("author_user_id"), n: integer("n") });
    const nobody = pgTable("notes_of_nobody", { userAgent: text("user_agent"), n: integer("n") });
    expect(userColumnsOf(byKey).map((c) => c.name)).toEqual(["owner"]);
    expect(userColumnsOf(byName).map((c) => c.name)).toEqual(["author_user_id"]);
    expect(userColumnsOf(nobody)).toEqual([]);
  });

  it("orders tables children first, so rows can be deleted in that order", () => {
    const order = userTables().map((t) => t.name);
    expect(order.at(-1)).toBe("users");
    expect(order.indexOf("todos")).toBeLessThan(order.indexOf("milestones"));
    expect(order.indexOf("milestones")).toBeLessThan(order.indexOf("challenges"));
    expect(order.indexOf("challenges")).toBeLessThan(order.indexOf("quiz_responses"));
  });
});

describe("GET /api/me/data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is a file of every table that holds him, with his rows and no one else's (issue 24 #2: named after its own moment)", async () => {
    const { user } = await fullUser(t);
    const other = await t.createUser({ firstName: "Devon" });
    const { response, file } = await exportOf(user);
    // The day of the moment the file was made, not of a second look at the clock that midnight may follow (issue 24 #2).
    const today = file.exportedAt.slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="unscroll-data-${today}.json"`);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");

    expect(Object.keys(file.tables).sort()).toEqual(
      userTables()
        .map((t) => t.name)
        .sort(),
    );
    expect(file.user).toEqual({ id: user.id, email: user.email });
    const rows = (name: string) => file.tables[name]?.rows ?? [];
    expect(rows("users")).toEqual([
      expect.objectContaining({ id: user.id, email: user.email, firstName: user.firstName, emailVerified: true }),
    ]);
    expect(rows("users")[0]?.termsAcceptedAt).toEqual(expect.any(String));
    expect(rows("profiles")).toHaveLength(1);
    expect(rows("run_validations")).toEqual([
      expect.objectContaining({ notes: "Hardest hour of my year, but I kept moving.", todayDuration: 65 }),
    ]);
    expect(rows("quiz_responses")[0]?.answers).toHaveLength(5);
    expect(rows("challenges")).toHaveLength(3);
    expect(rows("milestones")).toHaveLength(9);
    expect(rows("todos").length).toBeGreaterThanOrEqual(3);
    expect(rows("token_usage").length).toBeGreaterThanOrEqual(1);
    expect(rows("waitlist_signups")).toEqual([expect.objectContaining({ name: "Marcus Doe", interests: ["habits"] })]);
    expect(rows("community_notify_requests")).toHaveLength(1);
    expect(rows("push_subscriptions")).toEqual([expect.objectContaining({ deviceLabel: "A browser" })]);
    expect(rows("sessions").length).toBeGreaterThanOrEqual(1);
    expect(rows("accounts")).toEqual([expect.objectContaining({ providerId: "credential" })]);

    const text = JSON.stringify(file);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
  });

  it("never holds a secret: password hash, session tokens, reset-link tokens, the calendar link, push keys", async () => {
    const user = await t.createUser();
    const pushEndpoint = `http://127.0.0.1:9/push/secret-${user.id}`;
    await user.api.push.subscriptions.$post(
      { json: { endpoint: pushEndpoint, keys: pushKeys } },
      { headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" } },
    );
    const { feed } = await (await user.api.calendar.feed.$post()).json();
    const calendarToken = feed?.url.split("/api/calendar/")[1]?.replace(".ics", "");
    expect(calendarToken).toHaveLength(43);
    await t.request("/api/auth/request-password-reset", { body: { email: user.email } });
    const mail = await t.smtp.waitFor(user.email, { subject: /Reset/ });
    const resetToken = mail.links
      .find((l) => l.includes("/reset-password/"))
      ?.split("/reset-password/")[1]
      ?.split("?")[0];
    expect(resetToken).toBeTruthy();

    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    const sessionToken = decodeURIComponent(user.cookie.split("session_token=")[1]?.split(";")[0] ?? "").split(".")[0];
    expect(credential?.password).toBeTruthy();
    expect(sessionToken).toBeTruthy();

    const { file } = await exportOf(user);
    const text = JSON.stringify(file);
    for (const secret of [credential?.password, sessionToken, resetToken, calendarToken, pushEndpoint]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(pushKeys.p256dh);
    expect(text).not.toContain(pushKeys.auth);
    // He learns which devices have push on, and since when.
    expect(file.tables.push_subscriptions?.rows).toEqual([
      expect.objectContaining({ userId: user.id, deviceLabel: "Firefox on Windows", createdAt: expect.any(String) }),
    ]);
    // He still learns that the link exists and since when.
    expect(file.tables.calendar_feeds?.rows).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(file.tables.accounts?.omittedColumns).toEqual(
      expect.arrayContaining(["password", "accessToken", "refreshToken", "idToken"]),
    );
    expect(file.tables.sessions?.omittedColumns).toContain("token");
    for (const row of file.tables.sessions?.rows ?? []) expect(row).not.toHaveProperty("token");
    expect(file.tables).not.toHaveProperty("verifications");
  });

  it("asks for a session", async () => {
    const response = await t.api.me.data.$get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication error. Please try again." });
  });
});

describe("POST /api/me/delete", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL: "4" });
  });
  afterAll(() => t.close());

  it("refuses a missing or wrong password with a clear message and deletes nothing", async () => {
    const { user } = await fullUser(t);
    const before = await tablesHolding(t.db, user.id);
    const missing = await user.api.me.delete.$post({ json: {} as never });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: "Please enter your password to confirm." });
    const wrong = await user.api.me.delete.$post({ json: { password: `${user.password}x` } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "That password is not correct. Your account was not deleted." });
    // Still signed in: no cookie changes but his offline copy's tag, which stays his (decision 0170).
    expect(sessionCookies(wrong)).toEqual([]);
    expect(await tablesHolding(t.db, user.id)).toEqual(before);
    expect((await (await user.api.me.$get()).json()).user?.id).toBe(user.id);
  });

  it("counts attempts like a login: over the limit it answers 429 and deletes nothing", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 4; i++) {
      expect((await user.api.me.delete.$post({ json: { password: "wrong-1" } })).status).toBe(400);
    }
    const limited = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please wait/) });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await (await user.api.me.$get()).json()).user?.id).toBe(user.id);
  });

  it("says over the limit when to try again: Retry-After and the message name the same wait; no cookie, no mail", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 4; i++) await user.api.me.delete.$post({ json: { password: "wrong-1" } });
    const mails = t.smtp.countFor(user.email);
    const limited = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    const minutes = Math.ceil(wait / 60);
    expect(await limited.json()).toEqual({
      error: `Too many attempts. Please wait ${minutes <= 1 ? "a minute" : `${minutes} minutes`} and try again.`,
    });
    expect(sessionCookies(limited)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.countFor(user.email)).toBe(mails);
  });

  it("removes every row of his, signs him out everywhere, mails him, and his address can sign up anew", async () => {
    const { user } = await fullUser(t);
    const other = await fullUser(t);
    const otherBefore = await tablesHolding(t.db, other.user.id);
    const secondDevice = await t.logIn(user.email, user.password);
    await t.request("/api/auth/request-password-reset", { body: { email: user.email } });
    await t.smtp.waitFor(user.email, { subject: /Reset/ });
    expect(await tablesHolding(t.db, user.id)).toContain("verifications (1)");

    const response = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, subscriptionCancelled: false });
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => /^unscroll\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => /^unscroll\.device=;/.test(c) && /Path=\/api\/auth/.test(c))).toBe(true);

    expect(await tablesHolding(t.db, user.id)).toEqual([]);
    expect(await tablesHolding(t.db, user.email)).toEqual([]);
    expect(await tablesHolding(t.db, other.user.id)).toEqual(otherBefore);
    for (const cookie of [user.cookie, secondDevice]) {
      expect(await (await t.client(cookie).me.$get()).json()).toEqual({ user: null, onboarding: null });
    }
    expect((await t.client(secondDevice).me.data.$get()).status).toBe(401);

    const mail = await t.smtp.waitFor(user.email, { subject: /deleted/ });
    expect(mail.subject).toBe("Your Unscroll account has been deleted");
    expect(mail.text).not.toContain("subscription");

    const login = await t.request("/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(401);
    const again = await signUpAgain(t, user.email);
    expect(again.id).not.toBe(user.id);
    const fresh = await exportOf(again);
    expect(fresh.file.tables.quiz_responses?.rows).toEqual([]);
    expect(fresh.file.tables.profiles?.rows).toEqual([expect.objectContaining({ tokensRemaining: 5 })]);
  });

  it("leaves nothing half-deleted when his own writes race the deletion, and answers none of them with a 5xx", async () => {
    const { user, milestone, challenge } = await fullUser(t);
    const writes = [
      () => user.api.community.notify.$post(),
      () => user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 30 } }),
      () => user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { title: "Still going strong" } }),
      () => user.api.milestones[":id"].$patch({ param: { id: milestone.id }, json: { milestoneDescription: "Go on" } }),
      () => user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } }),
    ];
    // Writes keep coming, a batch at a time, until the deletion has answered: some land inside its transaction.
    let done = false;
    const deletion = user.api.me.delete.$post({ json: { password: user.password } }).finally(() => {
      done = true;
    });
    const statuses: number[] = [];
    while (!done) {
      const batch = await Promise.all(writes.map((write) => write()));
      statuses.push(...batch.map((r) => r.status));
      // In-process requests on PGlite can all complete in microtasks; real ones arrive as I/O, which lets the
      // password check (on libuv's thread pool) report back. Without this, the loop would starve the deletion.
      await new Promise((resolve) => setImmediate(resolve));
    }
    statuses.push(...(await Promise.all(writes.map((write) => write()))).map((r) => r.status));
    expect((await deletion).status).toBe(200);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(await tablesHolding(t.db, user.id)).toEqual([]);
  });

  // PGlite runs one transaction at a time: only a server can interleave these two.
  it.runIf(inject("testDb").kind === "postgres")(
    "deletes everything and answers no 5xx when a write of his deadlocks with the deletion",
    async () => {
      const { user } = await fullUser(t);
      const lockWaiters = async () => {
        const result = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number((result.rows[0] as { n: number }).n);
      };
      // His profile row held, as a quiz submission in progress holds it, until both requests queue behind it.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from profiles where id = ${user.id} for update`);
        holding();
        await released;
      });
      await held;
      const submit = user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } });
      await vi.waitFor(async () => expect(await lockWaiters()).toBe(1), { timeout: 10_000, interval: 20 });
      const deletion = user.api.me.delete.$post({ json: { password: user.password } });
      await vi.waitFor(async () => expect(await lockWaiters()).toBe(2), { timeout: 10_000, interval: 20 });
      release();
      await holder;
      // The submission gets the profile first, then needs his users row, which the deletion holds while it waits for
      // the profile: PostgreSQL ends one of them. The deletion then runs again; the submission, if it was the one,
      // hears that his session has ended.
      expect((await deletion).status).toBe(200);
      expect([201, 401]).toContain((await submit).status);
      expect(await tablesHolding(t.db, user.id)).toEqual([]);
    },
  );

  it("asks for a session", async () => {
    const response = await t.api.me.delete.$post({ json: { password: "anything1" } });
    expect(response.status).toBe(401);
  });
});

describe("POST /api/me/delete with a subscription (fake Stripe)", () => {
  let t: TestApp;
  let fake: FakeStripe;
  const log = captureLog("info");
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fake.env, { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function premiumUser() {
    const user = await t.createUser();
    const { sessionId } = await (await user.api.billing.checkout.$post({ json: { planId: "premium_monthly" } })).json();
    const session = await fake.stripe.pay(sessionId);
    expect((await user.api.billing.confirm.$post({ json: { sessionId } })).status).toBe(200);
    return { user, subscriptionId: session.subscription as string };
  }

  it("cancels the subscription at Stripe now, then deletes the account and says so in the e-mail", async () => {
    const { user, subscriptionId } = await premiumUser();
    const response = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, subscriptionCancelled: true });
    expect(fake.stripe.subscription(subscriptionId).status).toBe("canceled");
    expect(await tablesHolding(t.db, user.id)).toEqual([]);
    const mail = await t.smtp.waitFor(user.email, { subject: /deleted/ });
    expect(mail.text).toContain("Your premium subscription was cancelled at once");
  });

  /** The customers Stripe keeps with his address. */
  const customersOf = (email: string) => fake.stripe.customers().filter((customer) => customer.email === email);

  it("issue 52 row 12: deletes his customer at Stripe after cancelling, and one made by a checkout he left", async () => {
    const { user, subscriptionId } = await premiumUser();
    expect(customersOf(user.email)).toHaveLength(1);
    const response = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(response.status).toBe(200);
    expect(fake.stripe.subscription(subscriptionId).status).toBe("canceled");
    expect(customersOf(user.email)).toEqual([]);

    // A checkout opened and left makes a customer with his address too, with no subscription to cancel.
    const browser = await t.createUser();
    expect((await browser.api.billing.checkout.$post({ json: { planId: "premium_monthly" } })).status).toBe(200);
    expect(customersOf(browser.email)).toHaveLength(1);
    const left = await browser.api.me.delete.$post({ json: { password: browser.password } });
    expect(await left.json()).toEqual({ deleted: true, subscriptionCancelled: false });
    expect(customersOf(browser.email)).toEqual([]);
  });

  it("issue 52 row 12: deletes his account even when Stripe cannot delete his customer, and logs it without his address", async () => {
    const { user } = await premiumUser();
    const [customer] = customersOf(user.email);
    const del = vi
      .spyOn(t.deps.billing.stripe.customers, "del")
      .mockRejectedValueOnce(Object.assign(new Error("Stripe is down"), { code: "api_error" }));
    try {
      const response = await user.api.me.delete.$post({ json: { password: user.password } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deleted: true, subscriptionCancelled: true });
    } finally {
      del.mockRestore();
    }
    expect(await tablesHolding(t.db, user.id)).toEqual([]);
    const line = log
      .text()
      .split("\n")
      .find((l) => l.includes("Stripe customer of a deleted account"));
    expect(line).toContain(customer?.id);
    expect(log.text()).not.toContain(user.email);
  });

  it("deletes nothing when Stripe cannot cancel, and says why", async () => {
    const { user, subscriptionId } = await premiumUser();
    const before = await tablesHolding(t.db, user.id);
    const cancel = vi
      .spyOn(t.deps.billing.stripe.subscriptions, "cancel")
      .mockRejectedValueOnce(Object.assign(new Error("Stripe is down"), { code: "api_error" }));
    try {
      const response = await user.api.me.delete.$post({ json: { password: user.password } });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: expect.stringContaining("could not be cancelled") });
    } finally {
      cancel.mockRestore();
    }
    expect(fake.stripe.subscription(subscriptionId).status).toBe("active");
    expect(await tablesHolding(t.db, user.id)).toEqual(before);
  });

  it("treats a subscription Stripe already ended as cancelled", async () => {
    const { user, subscriptionId } = await premiumUser();
    await fake.stripe.cancelSubscription(subscriptionId);
    await t.db
      .update(subscriptions)
      .set({ status: "active" })
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    const response = await user.api.me.delete.$post({ json: { password: user.password } });
    expect(response.status).toBe(200);
    expect(await tablesHolding(t.db, user.id)).toEqual([]);
    expect(await t.db.select().from(verifications).where(eq(verifications.value, user.id))).toEqual([]);
    expect(cookieFrom(response)).toBe("");
  });
});
