import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "#tests/support/captured-log.ts";
import { answersFor, uniqueEmail } from "#tests/support/personas.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Issue 12, item 5: the log, at its most talkative level, holds none of what a user typed or was sent: no password,
 * no token (session, confirmation or reset, also where they sit in a URL), no address, no name, no answer.
 */
describe("the log keeps users' secrets and words out", () => {
  const captured = captureLog("trace");
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "trace" }, { logger: captured.logger });
  });
  afterAll(() => t.close());

  it("through sign-up, confirmation, a wrong login, a reset and a quiz answer", async () => {
    const email = uniqueEmail("audit");
    const firstName = "Quillonaudit";
    const password = "Zx9secretpass";
    const wrongPassword = "Wr0ngguesspass";
    const newPassword = "N3wsecretpass";
    const answer = "Every night I scroll until Zanzibarsecret o'clock and hate it.";
    const secrets: Record<string, string> = { email, firstName, password, wrongPassword, newPassword, answer };

    const signUpBody = {
      email,
      password,
      firstName,
      name: firstName,
      acceptTerms: true,
      callbackURL: "/EmailConfirmed",
    };
    expect((await t.request("/api/auth/sign-up/email", { body: signUpBody })).status).toBe(200);
    const confirm = await t.smtp.waitFor(email, { subject: /Confirm/ });
    // Signing up again with the same address: better-auth says so in its own log, naming the address.
    expect((await t.request("/api/auth/sign-up/email", { body: signUpBody })).status).toBe(200);
    const link = new URL(confirm.links.find((l) => l.includes("/verify-email"))!);
    secrets.confirmationToken = link.searchParams.get("token")!;
    // A login before confirming, then the link (its token in the query).
    expect((await t.request("/api/auth/sign-in/email", { body: { email, password } })).status).toBe(403);
    expect((await t.request(link.pathname + link.search)).status).toBe(302);

    expect((await t.request("/api/auth/sign-in/email", { body: { email, password: wrongPassword } })).status).toBe(401);
    const login = await t.request("/api/auth/sign-in/email", { body: { email, password } });
    expect(login.status).toBe(200);
    const cookie = cookieFrom(login);
    secrets.sessionToken = cookie.match(/session_token=([^.;]+)/)![1]!;

    const since = t.smtp.mails.length;
    expect((await t.request("/api/auth/request-password-reset", { body: { email } })).status).toBe(200);
    const reset = await t.smtp.waitFor(email, { since, subject: /Reset/ });
    const resetLink = new URL(reset.links.find((l) => l.includes("/reset-password/"))!);
    secrets.resetToken = resetLink.pathname.split("/").at(-1)!;
    // The token is in the path here, which the request log writes.
    expect((await t.request(resetLink.pathname + resetLink.search)).status).toBe(302);
    expect(
      (await t.request(`/api/auth/reset-password?token=${secrets.resetToken}`, { method: "POST", body: {} })).status,
    ).toBe(400);
    const changed = await t.request("/api/auth/reset-password", {
      body: { token: secrets.resetToken, newPassword },
    });
    expect(changed.status).toBe(200);

    const session = cookieFrom(await t.request("/api/auth/sign-in/email", { body: { email, password: newPassword } }));
    const api = t.client(session);
    const texts = answersFor().map((a, i) => (i === 0 ? { ...a, answer } : a));
    const quiz = await api.quiz.responses.$post({ json: { answers: texts } });
    expect(quiz.status).toBe(201);
    // Refused input is not echoed into the log either.
    const bad = await t.request("/api/me", {
      method: "PATCH",
      body: { firstName: `${answer}\u0000` },
      cookie: session,
    });
    expect(bad.status).toBe(400);
    const foreign = await t.request("/api/me", {
      method: "PATCH",
      body: { firstName: answer },
      cookie: session,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));

    const log = captured.text();
    // The log did record the requests, so an empty log cannot pass for a clean one.
    expect(log).toContain('"path":"/api/auth/reset-password/:token"');
    expect(log).toContain('"msg":"request"');
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, log.includes(secret)]).toEqual([name, false]);
      expect([name, log.includes(encodeURIComponent(secret))]).toEqual([name, false]);
    }
  });
});
