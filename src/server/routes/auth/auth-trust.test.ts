import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users, verifications } from "#server/db/schema.ts";
import { authMessages } from "#shared/account/rules.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { newAccount, signUpBody, uniqueEmail } from "#tests/support/personas.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { settleAnsweredAuthWork } from "./auth.routes.ts";
import { messageFor } from "./map-answer.ts";

// Over 400 lines and one job: one outside review's findings about the account endpoints, each row against the same
// handler.

/** Holds better-auth's handler until `open()`: what a route answers before that work starts can then be seen. */
function holdAuthWork(t: TestApp) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = t.deps.auth.handler;
  const spy = vi.spyOn(t.deps.auth, "handler").mockImplementation(async (request) => {
    await gate;
    return handler(request);
  });
  return { open, restore: () => spy.mockRestore() };
}

/** Issue 12, rows 5, 6, 8, 10 and 11: what an outsider found in the account endpoints. */

function signIn(t: TestApp, email: string, password: string, cookie?: string) {
  return t.request("/api/auth/sign-in/email", { body: { email, password }, cookie });
}

/** The device cookie a browser keeps from a login (Cookie header form). */
function deviceCookie(response: Response) {
  const cookie = cookieFrom(response)
    .split("; ")
    .find((c) => c.startsWith("unscroll.device="));
  if (!cookie) throw new Error("no device cookie");
  return cookie;
}

/** better-auth's answer to every reset request, known address or not. */
const resetAnswer = JSON.stringify({
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
});

/** How many reset links (verification rows `reset-password:*`) the user of `email` has. */
async function resetRowsOf(t: TestApp, email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const rows = await t.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.value, user!.id), like(verifications.identifier, "reset-password:%")));
  return rows.length;
}

describe("sign-up answers before it looks at the address (row 5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers a new and a registered address alike while better-auth's work has not even started", async () => {
    const owner = await t.signUpUser();
    const fresh = uniqueEmail("fresh");
    const { open, restore } = holdAuthWork(t);
    try {
      const answers = await Promise.race([
        Promise.all(
          [owner.email, fresh].map(async (email) => {
            const response = await t.request("/api/auth/sign-up/email", { body: signUpBody(newAccount({ email })) });
            return [response.status, await response.text()];
          }),
        ),
        new Promise((resolve) =>
          setTimeout(() => resolve("still waiting for the password hash and the database"), 3000),
        ),
      ]);
      // Neither answer waited for the hash, the lookup, the writes or the e-mail: nothing of them can be timed.
      expect(answers).toEqual([
        [200, '{"status":true}'],
        [200, '{"status":true}'],
      ]);
      expect(await t.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    } finally {
      open();
    }
    // The work then happens: the new address gets its confirmation, the owner a notice.
    await t.smtp.waitFor(fresh, { subject: /Confirm your Unscroll account/ });
    await t.smtp.waitFor(owner.email, { subject: /already exists/ });
    restore();
  });

  it("lets a login right after signing up find the account (unconfirmed), not an unknown address", async () => {
    const email = uniqueEmail("quick");
    const account = newAccount({ email });
    expect((await t.request("/api/auth/sign-up/email", { body: signUpBody(account) })).status).toBe(200);
    const login = await signIn(t, email, account.password);
    expect(login.status).toBe(403);
  });
});

describe("nobody can lock the owner out by guessing (row 6)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL: "3" });
  });
  afterAll(() => t.close());

  it("holds a stranger back on the account while the owner's own browser still logs in", async () => {
    const owner = await t.signUpUser();
    const first = await signIn(t, owner.email, owner.password);
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("unscroll.device="))).toMatch(
      /Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );

    // A stranger (no device cookie) guesses: the account's counter stops him, even with the right password.
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await signIn(t, owner.email, `guess${i}x`)).status);
    expect(guesses).toEqual([401, 429, 429, 429]);
    expect((await signIn(t, owner.email, owner.password)).status).toBe(429);

    // The owner's browser is counted on its own.
    const back = await signIn(t, owner.email, owner.password, device);
    expect(back.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, row!.id))).length).toBeGreaterThan(1);
  });

  it("lets the owner on a new browser in once he resets his password from his mailbox", async () => {
    const owner = await t.signUpUser();
    for (let i = 0; i < 3; i++) await signIn(t, owner.email, `guess${i}x`);
    expect((await signIn(t, owner.email, owner.password)).status).toBe(429);

    const since = t.smtp.mails.length;
    await t.request("/api/auth/request-password-reset", { body: { email: owner.email } });
    const mail = await t.smtp.waitFor(owner.email, { since, subject: /Reset/ });
    const token = new URL(mail.links.find((l) => l.includes("/reset-password/"))!).pathname.split("/").at(-1)!;
    const reset = await t.request("/api/auth/reset-password", { body: { token, newPassword: "fresh2run" } });
    expect(reset.status).toBe(200);
    const device = deviceCookie(reset);
    // Strangers stay held back; the browser that proved the mailbox logs in.
    expect((await signIn(t, owner.email, "fresh2run")).status).toBe(429);
    expect((await signIn(t, owner.email, "fresh2run", device)).status).toBe(200);
  });

  it("does not let a device cookie guess without limit, nor one of another account", async () => {
    const owner = await t.signUpUser();
    const other = await t.signUpUser();
    const device = deviceCookie(await signIn(t, owner.email, owner.password));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(t, owner.email, `wrong${i}x`, device)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);

    // Fill the other account's counter, then try it with the first account's device cookie: it proves nothing.
    for (let i = 0; i < 3; i++) await signIn(t, other.email, `wrong${i}x`);
    expect((await signIn(t, other.email, other.password, device)).status).toBe(429);
    const forged = `unscroll.device=${device.split("=")[1]!.split(".")[0]}.forged`;
    expect((await signIn(t, other.email, other.password, forged)).status).toBe(429);
  });
});

describe("only the endpoints the app uses are open (row 8)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("closes get-session, list-sessions, revoke-session and the others no screen calls", async () => {
    const user = await t.signUpUser();
    const victim = await t.signUpUser();
    const [victimSession] = await t.db.select().from(sessions).where(eq(sessions.userId, victim.id));
    const probes: Array<[string, string, unknown?]> = [
      ["GET", "/api/auth/get-session"],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/auth/revoke-session", { token: victimSession!.token }],
      ["POST", "/api/auth/revoke-sessions", {}],
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["POST", "/api/auth/change-password", { currentPassword: user.password, newPassword: "changed2run" }],
      ["POST", "/api/auth/change-email", { newEmail: uniqueEmail("moved") }],
      ["POST", "/api/auth/delete-user", { password: user.password }],
      ["POST", "/api/auth/sign-in/email/", { email: user.email, password: user.password }],
      ["GET", "/api/auth/ok"],
      ["GET", "/api/auth/reset-password/a/b"],
    ];
    for (const [method, path, body] of probes) {
      const response = await t.request(path, { method, body, cookie: user.cookie });
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ error: "Not found" });
    }
    // The victim is still signed in, and the password did not change.
    expect((await (await victim.api.me.$get()).json()).user?.id).toBe(victim.id);
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });

  it("never puts the session token into a JSON answer", async () => {
    const user = await t.signUpUser();
    const login = await signIn(t, user.email, user.password);
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body).not.toHaveProperty("token");
    expect(body.user.email).toBe(user.email);
    const token = cookieFrom(login).match(/unscroll\.session_token=([^.;]+)/)?.[1];
    expect(token).toBeTruthy();
    const me = await t.request("/api/me", { cookie: cookieFrom(login) });
    expect(await me.text()).not.toContain(token!);
  });
});

describe("a bad confirmation link speaks of a confirmation link (row 10)", () => {
  it("uses SPEC's confirmation copy on the confirmation endpoint and the reset copy on the reset endpoints", () => {
    const confirmation =
      "Invalid confirmation link. Please check your email and try clicking the confirmation link again.";
    for (const code of ["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND", "INVALID_USER"]) {
      expect(messageFor("/verify-email", code)).toBe(confirmation);
    }
    expect(messageFor("/verify-email", "SOMETHING_ELSE")).toBe("An unexpected error occurred.");
    expect(messageFor("/reset-password", "INVALID_TOKEN")).toBe(
      "This reset link is invalid or has expired. Please request a new one.",
    );
  });
});

describe("in development the app works from whatever address it is opened on (row 11)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "development" });
  });
  afterAll(() => t.close());

  /** A browser on http://<host>:3000 (the server's HOST is 0.0.0.0), which sends Origin and Fetch Metadata. */
  function fromBrowserAt(origin: string, path: string, body?: unknown, cookie?: string) {
    return t.app.request(`${origin}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        origin,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "cors",
        "sec-fetch-dest": "empty",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  for (const origin of ["http://127.0.0.1:3000", "http://192.168.1.23:3000"]) {
    it(`signs up, confirms and logs in on ${origin}`, async () => {
      const account = newAccount({ email: uniqueEmail("lan") });
      const signUp = await fromBrowserAt(origin, "/api/auth/sign-up/email", signUpBody(account));
      expect(signUp.status).toBe(200);
      const mail = await t.smtp.waitFor(account.email);
      const link = new URL(mail.links.find((l) => l.includes("/api/auth/verify-email"))!);
      expect((await fromBrowserAt(origin, link.pathname + link.search)).status).toBe(302);
      const login = await fromBrowserAt(origin, "/api/auth/sign-in/email", {
        email: account.email,
        password: account.password,
      });
      expect(login.status).toBe(200);
      const cookie = cookieFrom(login);
      const rename = await t.app.request(`${origin}/api/me`, {
        method: "PATCH",
        headers: { origin, "content-type": "application/json", cookie },
        body: JSON.stringify({ firstName: "Lan" }),
      });
      expect(rename.status).toBe(200);
      expect((await fromBrowserAt(origin, "/api/auth/sign-out", {}, cookie)).status).toBe(200);
    });
  }

  it("still refuses a page of another origin sent to the same address", async () => {
    const account = newAccount({ email: uniqueEmail("csrf") });
    const response = await t.app.request("http://127.0.0.1:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: JSON.stringify(signUpBody(account)),
    });
    expect(response.status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);
  });
});

/** Issue 24: what an outside attack on the server `npm start` runs found in the account endpoints. */
describe("a reset request answers before it looks at the address (issue 24 #4)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers a known and an unknown address alike while better-auth's reset work has not even started (issue 24 #4)", async () => {
    const owner = await t.signUpUser();
    const stranger = uniqueEmail("stranger");
    const { open, restore } = holdAuthWork(t);
    const since = t.smtp.mails.length;
    try {
      const answers = await Promise.race([
        Promise.all(
          [owner.email, stranger].map(async (email) => {
            const response = await t.request("/api/auth/request-password-reset", {
              body: { email, redirectTo: "/reset-password" },
            });
            return [response.status, await response.text()];
          }),
        ),
        new Promise((resolve) => setTimeout(() => resolve("still waiting for the lookup and the reset link"), 3000)),
      ]);
      // Neither answer waited for the lookup, the link's row or the e-mail: nothing of them can be timed.
      expect(answers).toEqual([
        [200, resetAnswer],
        [200, resetAnswer],
      ]);
      expect(await resetRowsOf(t, owner.email)).toBe(0);
    } finally {
      open();
    }
    // The work then happens: the owner gets his link, the stranger's address nothing.
    await t.smtp.waitFor(owner.email, { since, subject: /Reset/ });
    expect(await resetRowsOf(t, owner.email)).toBe(1);
    restore();
    await settleAnsweredAuthWork(t.deps.auth);
    expect(t.smtp.countFor(stranger)).toBe(0);
  });

  it("lets a stopping server finish the reset work it has answered (issue 24 #4)", async () => {
    const owner = await t.signUpUser();
    const { open, restore } = holdAuthWork(t);
    try {
      expect((await t.request("/api/auth/request-password-reset", { body: { email: owner.email } })).status).toBe(200);
      let settled = false;
      const settling = settleAnsweredAuthWork(t.deps.auth).then(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(settled).toBe(false);
      open();
      await settling;
      expect(await resetRowsOf(t, owner.email)).toBe(1);
    } finally {
      open();
      restore();
    }
  });
});

describe("a foreign or malformed link target is refused before anything happens (issue 24 #7)", () => {
  const log = captureLog("trace");
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "trace" }, { logger: log.logger });
  });
  afterAll(() => t.close());

  it("answers a sign-up's foreign callbackURL with 400, stores and sends nothing, and logs none of it (issue 24 #7)", async () => {
    const targets = [
      "https://x.example/jane.doe@example.com/Zephyrwelcome",
      "//x.example/Zephyrwelcome",
      "/\\x.example/Zephyrwelcome",
      "javascript:alert('Zephyrwelcome')",
      42,
    ];
    for (const callbackURL of targets) {
      const email = uniqueEmail("callback");
      const response = await t.request("/api/auth/sign-up/email", {
        body: { ...signUpBody(newAccount({ email })), callbackURL },
      });
      expect(response.status, String(callbackURL)).toBe(400);
      expect(await response.json()).toEqual({ error: authMessages.foreignLinkTarget });
      await settleAnsweredAuthWork(t.deps.auth);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(t.smtp.countFor(email)).toBe(0);
    }
    const logged = log.text();
    expect(logged).not.toMatch(/Zephyrwelcome|x\.example|jane\.doe/);
    // The app's own pages still pass, as the sign-up form sends them.
    const email = uniqueEmail("own");
    const own = await t.request("/api/auth/sign-up/email", {
      body: { ...signUpBody(newAccount({ email })), callbackURL: "/EmailConfirmed" },
    });
    expect(own.status).toBe(200);
    await t.smtp.waitFor(email, { subject: /Confirm/ });
  });

  it("answers a reset request's foreign redirectTo with 400 and sends nothing (issue 24 #7)", async () => {
    const owner = await t.signUpUser();
    const since = t.smtp.mails.length;
    const response = await t.request("/api/auth/request-password-reset", {
      body: { email: owner.email, redirectTo: "https://x.example/Zephyrreset" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: authMessages.foreignLinkTarget });
    await settleAnsweredAuthWork(t.deps.auth);
    expect(await resetRowsOf(t, owner.email)).toBe(0);
    expect(t.smtp.mails.length).toBe(since);
    expect(log.text()).not.toMatch(/Zephyrreset|x\.example/);
  });
});
