import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, profiles, sessions, users, verifications } from "#server/db/schema.ts";
import { authMessages } from "#shared/account/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { newAccount, signUpBody, TEST_PASSWORD, uniqueEmail } from "#tests/support/personas.ts";
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

// Over 400 lines and one job: the account's life through better-auth (sign-up to reset), which shares its mail sink and
// its limits.

const password = TEST_PASSWORD;

function signUp(t: TestApp, email: string, body: Record<string, unknown> = {}) {
  return t.request("/api/auth/sign-up/email", { body: { ...signUpBody(newAccount({ email })), ...body } });
}

function signIn(t: TestApp, email: string, pass = password) {
  return t.request("/api/auth/sign-in/email", { body: { email, password: pass } });
}

function linkIn(mail: { links: string[] }, path: string) {
  const link = mail.links.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in mail`);
  const url = new URL(link);
  return url.pathname + url.search;
}

describe("accounts: sign-up, confirmation, login, logout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("issue 53 row 9: a resend mails a fresh link to an unconfirmed account only, answered alike for every address", async () => {
    const email = uniqueEmail("resend");
    expect((await signUp(t, email)).status).toBe(200);
    await t.smtp.waitFor(email, { subject: /Confirm your/ });
    const confirmed = await t.signUpUser();
    const unknown = uniqueEmail("nobody");
    const seen = t.smtp.mails.length;

    const answers = [];
    for (const address of [email, confirmed.email, unknown]) {
      const answer = await t.request("/api/auth/send-verification-email", { body: { email: address } });
      answers.push([answer.status, await answer.json()]);
    }
    expect(answers).toEqual([
      [200, { status: true }],
      [200, { status: true }],
      [200, { status: true }],
    ]);
    // The fresh link confirms the account.
    const fresh = await t.smtp.waitFor(email, { since: seen, subject: /Confirm your/ });
    expect(t.smtp.countFor(email)).toBe(2);
    expect((await t.request(linkIn(fresh, "/api/auth/verify-email"))).status).toBe(302);
    expect((await signIn(t, email)).status).toBe(200);
    expect(t.smtp.countFor(unknown)).toBe(0);

    // Its own check of the address, in the sign-up form's words.
    const bad = await t.request("/api/auth/send-verification-email", { body: { email: "not-an-address" } });
    expect([bad.status, await bad.json()]).toEqual([400, { error: authMessages.invalidEmail }]);
  });

  it("confirms by e-mail, logs in with a session and logs out server-side", async () => {
    const email = uniqueEmail("journey");
    const response = await signUp(t, email, { firstName: "  Jonas ", name: "ignored" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    // The account is written after the answer (decision 0063); the confirmation e-mail comes once it is.
    const mail = await t.smtp.waitFor(email, { subject: /Confirm your Unscroll account/ });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Jonas", name: "Jonas", emailVerified: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ tokensRemaining: 5, subscriptionStatus: "free" });

    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.text).toContain("Hi Jonas,");
    expect(mail.text).toContain("because someone signed up for Unscroll");
    const verify = await t.request(linkIn(mail, "/api/auth/verify-email"));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/EmailConfirmed?confirmed=1");
    // Confirming does not sign in: the screen sends the user to log in.
    expect(cookieFrom(verify)).toBe("");

    const login = await signIn(t, email);
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieFrom(login);
    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user).toEqual({ id: user!.id, email, firstName: "Jonas", createdAt: user!.createdAt.toISOString() });

    const logout = await t.request("/api/auth/sign-out", { method: "POST", body: {}, cookie });
    expect(logout.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    // The old cookie is worthless, even if a client kept it.
    expect((await (await t.client(cookie).me.$get()).json()).user).toBeNull();
  });

  it("refuses login before confirming with a clear message and sends a fresh link", async () => {
    const email = uniqueEmail("early");
    await signUp(t, email);
    await t.smtp.waitFor(email);
    const before = t.smtp.countFor(email);

    const response = await signIn(t, email);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe(
      "Please confirm your email first: check your inbox (and spam folder) for the confirmation link we sent you.",
    );
    await t.smtp.waitFor(email, { since: t.smtp.mails.length - 1, subject: /Confirm/ });
    await expect.poll(() => t.smtp.countFor(email)).toBe(before + 1);
  });

  it("records when the new member confirmed he is 18+ and accepted the terms", async () => {
    const email = uniqueEmail("terms");
    const before = Date.now();
    expect((await signUp(t, email, { termsAcceptedAt: "2001-01-01T00:00:00Z" })).ok).toBe(true);
    await t.smtp.waitFor(email);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    // The time is the server's, whatever the request body claims.
    expect(user!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("stores passwords as argon2id with OWASP parameters", async () => {
    const user = await t.signUpUser();
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers sign-up the same for a known and an unknown address, and tells the owner by e-mail", async () => {
    const known = await t.signUpUser({ firstName: "Owner" });
    const unknown = uniqueEmail("fresh");
    const a = await signUp(t, known.email, { password: "other123" });
    const b = await signUp(t, unknown, { password: "other123" });
    expect(a.status).toBe(b.status);
    expect(await a.text()).toBe(await b.text());

    const notice = await t.smtp.waitFor(known.email, { subject: /^Your Unscroll account already exists$/ });
    expect(notice.text).toContain("Hi Owner,");
    expect(notice.links.some((l) => l.endsWith("/auth/Login"))).toBe(true);
    // The stranger's attempt changed nothing: the owner's password still works.
    expect((await signIn(t, known.email)).status).toBe(200);
  });

  it("re-sends the confirmation when an unconfirmed address signs up again", async () => {
    const email = uniqueEmail("again");
    await signUp(t, email);
    const first = await t.smtp.waitFor(email);
    await signUp(t, email);
    const second = await t.smtp.waitFor(email, { since: t.smtp.mails.indexOf(first) + 1, subject: /Confirm/ });
    expect((await t.request(linkIn(second, "/api/auth/verify-email"))).status).toBe(302);
    expect((await signIn(t, email)).status).toBe(200);
  });

  it("rejects bad sign-up input with the spec's messages and stores nothing", async () => {
    const email = uniqueEmail("bad");
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { password: "abcdef" },
        "Password must be at least 6 characters and contain at least one letter and one number.",
      ],
      [{ password: "12345" }, "Password must be at least 6 characters and contain at least one letter and one number."],
      [{ firstName: "   " }, "First name is required."],
      [{ firstName: "Jo\nnas" }, "Please keep this on one line."],
      [{ firstName: "x".repeat(51) }, "First name must be at most 50 characters."],
      [{ email: "not-an-email" }, "Please enter a valid email address."],
      [{ acceptTerms: false }, "Please confirm that you are 18 or older and accept the terms."],
      [{ acceptTerms: "yes" }, "Please confirm that you are 18 or older and accept the terms."],
    ];
    for (const [body, error] of cases) {
      const response = await signUp(t, email, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("shows the confirmation screen's error view for a forged or tampered link", async () => {
    const response = await t.request(
      `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent("/EmailConfirmed?confirmed=1")}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/EmailConfirmed?confirmed=1&error=INVALID_TOKEN");
  });

  it("sends an expired confirmation link to the error view", async () => {
    const user = await t.signUpUser();
    const token = await createEmailVerificationToken(t.deps.env.AUTH_SECRET, user.email, undefined, 1, {
      userId: user.id,
    });
    await new Promise((r) => setTimeout(r, 2100));
    const response = await t.request(
      `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/EmailConfirmed?confirmed=1")}`,
    );
    expect(response.headers.get("location")).toBe("/EmailConfirmed?confirmed=1&error=TOKEN_EXPIRED");
  });

  it("confirms a link copied with the text after it, instead of answering a raw 'Invalid callbackURL'", async () => {
    const email = uniqueEmail("copied");
    expect((await signUp(t, email)).status).toBe(200);
    const mail = await t.smtp.waitFor(email, { subject: /Confirm your Unscroll account/ });
    // What a selection gives when it runs on into the next lines of the printed mail.
    const copied = `${linkIn(mail, "/api/auth/verify-email")}${encodeURIComponent("\n\nThe link works for 24 hours.")}`;
    const response = await t.request(copied);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/EmailConfirmed?confirmed=1");
    const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(row?.verified).toBe(true);
  });

  it("never follows a confirmation link's callbackURL to another site", async () => {
    const response = await t.request(
      `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent("https://evil.example/phish")}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/EmailConfirmed?confirmed=1&error=INVALID_TOKEN");
  });

  it("opens the confirmation error view for a link without its token", async () => {
    for (const link of ["/api/auth/verify-email", "/api/auth/verify-email?callbackURL=%2F"]) {
      const response = await t.request(link);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/EmailConfirmed?error=INVALID_TOKEN");
    }
  });

  it("keeps a profile for every signed-in user, even if the first insert was lost", async () => {
    const user = await t.signUpUser();
    await t.db.delete(profiles).where(eq(profiles.id, user.id));
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ tokensRemaining: 5, subscriptionStatus: "free" });
  });

  it("ignores a client-sent client-IP header when recording the session", async () => {
    const user = await t.signUpUser();
    await t.request("/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password },
      headers: { "x-unscroll-client-ip": "6.6.6.6" },
    });
    const rows = await t.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.ip)).not.toContain("6.6.6.6");
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("accounts: the first name after sign-up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("closes better-auth's update-user, which stored any JSON value as the name", async () => {
    const user = await t.signUpUser({ firstName: "Nora" });
    for (const firstName of [{ $gt: "" }, "x".repeat(10_000), null, "Mallory"]) {
      for (const path of ["/api/auth/update-user", "/api/auth/update-user/"]) {
        const response = await t.request(path, { body: { firstName, name: "Mallory" }, cookie: user.cookie });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: "Not found" });
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: "Nora", name: "Nora" });
  });

  it("changes the name on the profile page with the sign-up rules", async () => {
    const user = await t.signUpUser({ firstName: "Nora" });
    const cases: Array<[unknown, string]> = [
      [{ $gt: "" }, "First name is required."],
      [null, "First name is required."],
      ["   ", "First name is required."],
      ["x".repeat(10_000), "First name must be at most 50 characters."],
    ];
    for (const [firstName, error] of cases) {
      const response = await t.request("/api/me", { method: "PATCH", body: { firstName }, cookie: user.cookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    const renamed = await user.api.me.$patch({ json: { firstName: "  Lena " } });
    expect(renamed.status).toBe(200);
    expect((await (await user.api.me.$get()).json()).user?.firstName).toBe("Lena");
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("accounts: cookies over https", () => {
  let t: TestApp;
  const origin = "https://unscroll.example";
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: origin });
  });
  afterAll(() => t.close());

  it("marks the session cookie Secure, HttpOnly and SameSite=Lax", async () => {
    const email = uniqueEmail("tls");
    const headers = { origin };
    await t.request("/api/auth/sign-up/email", {
      body: { email, password, firstName: "Tls", name: "Tls", acceptTerms: true },
      headers,
    });
    const mail = await t.smtp.waitFor(email);
    expect(mail.links.some((l) => l.startsWith(`${origin}/api/auth/verify-email?`))).toBe(true);
    await t.request(linkIn(mail, "/api/auth/verify-email"), { headers });
    const login = await t.request("/api/auth/sign-in/email", { body: { email, password }, headers });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/^__Secure-unscroll\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("accounts: password reset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function requestReset(email: string) {
    return t.request("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
  }

  async function resetLink(email: string) {
    const since = t.smtp.mails.length;
    expect((await requestReset(email)).status).toBe(200);
    const mail = await t.smtp.waitFor(email, { since, subject: /Reset your Unscroll password/ });
    return { mail, path: linkIn(mail, "/api/auth/reset-password/") };
  }

  it("resets by a single-use e-mail link and logs the user out everywhere", async () => {
    const user = await t.signUpUser({ firstName: "Mia" });
    // His session is in this instance's session cache (decision 0099): the reset must end it all the same.
    expect((await (await user.api.me.$get()).json()).user?.id).toBe(user.id);
    const { mail, path } = await resetLink(user.email);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.text).toContain("Hi Mia,");
    expect(mail.text).toContain("a password reset was requested");

    const landing = await t.request(path);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const weak = await t.request("/api/auth/reset-password", { body: { token, newPassword: "abcdefg" } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toBe(
      "Password must be at least 6 characters and contain at least one letter and one number.",
    );

    const reset = await t.request("/api/auth/reset-password", { body: { token, newPassword: "fresh2run" } });
    expect(reset.status).toBe(200);
    expect((await (await user.api.me.$get()).json()).user).toBeNull();
    expect((await signIn(t, user.email, user.password)).status).toBe(401);
    expect((await signIn(t, user.email, "fresh2run")).status).toBe(200);

    const again = await t.request("/api/auth/reset-password", { body: { token, newPassword: "third3run" } });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect((await t.request(path)).headers.get("location")).toBe(`${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`);
  });

  it("lands a reset link copied with the text after it on the reset screen", async () => {
    const user = await t.signUpUser();
    const { path } = await resetLink(user.email);
    const damaged = `${path.split("?")[0]}?callbackURL=${encodeURIComponent("/reset-password\n\nThe link works once")}`;
    const landing = await t.request(damaged);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("token")).toBe(path.split("/").at(-1)!.split("?")[0]);
  });

  it("refuses an expired reset link", async () => {
    const user = await t.signUpUser();
    const { path } = await resetLink(user.email);
    const token = path.split("/").at(-1)!.split("?")[0]!;
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await t.request(path)).headers.get("location")).toBe(`${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`);
    const reset = await t.request("/api/auth/reset-password", { body: { token, newPassword: "fresh2run" } });
    expect(reset.status).toBe(400);
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });

  it("voids every other outstanding reset link once one is used", async () => {
    const user = await t.signUpUser();
    const bystander = await t.signUpUser();
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    const theirs = await resetLink(bystander.email);
    const tokenOf = (link: { path: string }) => link.path.split("/").at(-1)!.split("?")[0]!;

    const used = await t.request("/api/auth/reset-password", {
      body: { token: tokenOf(newer), newPassword: "newer2run" },
    });
    expect(used.status).toBe(200);
    const stale = await t.request("/api/auth/reset-password", {
      body: { token: tokenOf(older), newPassword: "older2run" },
    });
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect((await t.request(older.path)).headers.get("location")).toBe(
      `${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`,
    );
    expect((await signIn(t, user.email, "older2run")).status).toBe(401);
    expect((await signIn(t, user.email, "newer2run")).status).toBe(200);
    // Another user's link is his own business.
    const [other] = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${tokenOf(theirs)}`));
    expect(other?.value).toBe(bystander.id);
  });

  it("answers a reset request the same for a known and an unknown address", async () => {
    const user = await t.signUpUser();
    const known = await requestReset(user.email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("accounts: rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "3",
      RATE_LIMIT_SIGN_UP_PER_IP: "2",
      RATE_LIMIT_RESET_PER_EMAIL: "2",
      RATE_LIMIT_VERIFY_EMAIL_PER_EMAIL: "2",
      RATE_LIMIT_VERIFY_EMAIL_PER_IP: "2",
    });
  });
  afterAll(() => t.close());

  it("stops sign-in attempts on one address with 429 and a message, other addresses unaffected", async () => {
    const user = await t.signUpUser();
    const other = await t.signUpUser();
    // signUpUser's own login was attempt 1 of 3.
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await signIn(t, user.email, "wrong-pass1")).status);
    expect(statuses).toEqual([401, 401]);
    const blocked = await signIn(t, user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    expect((await signIn(t, other.email, other.password)).status).toBe(200);
  });

  it("stops sign-ups from one IP (the proxy's last X-Forwarded-For entry)", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": `1.1.1.1, ${ip}` });
    const attempt = (ip: string) =>
      t.request("/api/auth/sign-up/email", {
        body: { email: uniqueEmail("ip"), password, firstName: "Ip", name: "Ip", acceptTerms: true },
        headers: from(ip),
      });
    expect((await attempt("203.0.113.7")).status).toBe(200);
    expect((await attempt("203.0.113.7")).status).toBe(200);
    expect((await attempt("203.0.113.7")).status).toBe(429);
    expect((await attempt("198.51.100.4")).status).toBe(200);
  });

  it("stops confirmation-link attempts from one IP with RATE_LIMIT_VERIFY_EMAIL_PER_IP (issue 24 #8)", async () => {
    const open = (ip: string) =>
      t.request("/api/auth/verify-email?token=forged", { headers: { "x-forwarded-for": `1.1.1.1, ${ip}` } });
    for (let i = 0; i < 2; i++) {
      expect((await open("203.0.113.9")).headers.get("location")).toMatch(/error=INVALID_TOKEN$/);
    }
    // A person clicked the link: over the limit he lands on the confirmation screen, which says to wait.
    const limited = await open("203.0.113.9");
    expect(limited.status).toBe(302);
    expect(limited.headers.get("location")).toBe("/EmailConfirmed?error=TOO_MANY_REQUESTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await open("198.51.100.9")).headers.get("location")).toMatch(/error=INVALID_TOKEN$/);
  });

  it("limits reset requests per address whether or not it has an account", async () => {
    for (const email of [(await t.signUpUser()).email, uniqueEmail("ghost")]) {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await t.request("/api/auth/request-password-reset", { body: { email } })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    }
  });

  it("issue 53 row 9: stops resends of the confirmation to one address with 429 and a message, known or not", async () => {
    const resend = (email: string, ip: string) =>
      t.request("/api/auth/send-verification-email", {
        body: { email },
        headers: { "x-forwarded-for": `1.1.1.1, ${ip}` },
      });
    for (const email of [uniqueEmail("resend-flood"), (await t.signUpUser()).email]) {
      // From a new address each time: the count that stops them is the e-mail address's.
      const statuses = [];
      for (const ip of ["203.0.113.21", "203.0.113.22"]) statuses.push((await resend(email, ip)).status);
      expect(statuses).toEqual([200, 200]);
      const limited = await resend(email, "203.0.113.23");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).error).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    }
  });

  it("caps confirmation e-mails to one address, however they are triggered", async () => {
    const email = uniqueEmail("flood");
    // Signing up again and logging in before confirming each send a fresh link; the per-address cap holds them back.
    for (let i = 0; i < 3; i++) expect((await signUp(t, email)).status).toBe(200);
    await t.smtp.waitFor(email);
    for (let i = 0; i < 2; i++) await signIn(t, email);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.countFor(email)).toBe(2);
  });

  it("keeps the counters in the database, without the addresses themselves", async () => {
    const rows = await t.db.execute<{ key: string }>("select key from rate_limits" as never);
    const keys = (rows as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key);
    expect(keys.some((k) => k.startsWith("signIn:email:"))).toBe(true);
    expect(keys.join(" ")).not.toContain("@");
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
