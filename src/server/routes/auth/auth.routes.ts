import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { updateProfileSchema } from "../../../shared/account/contracts.ts";
import { authMessages, isStrongPassword, isValidEmail, normalizeEmail } from "../../../shared/account/rules.ts";
import { emailConfirmedLandingPath, paths } from "../../../shared/paths.ts";
import { type Auth, CLIENT_IP_HEADER, emailOfResetToken } from "../../auth/auth.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { createDeferredAuthWork, type DeferredAuthWork, type DeferredKind } from "../../auth/deferred-auth-work.ts";
import { deviceCookieHeader, deviceCookieName, trustedDevice } from "../../auth/device-cookie.ts";
import {
  createRateLimiter,
  type RateLimitAction,
  type RateLimitVerdict,
  tooManyAttemptsMessage,
} from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../context.ts";
import { httpMessages } from "../../http/errors.ts";
import { acceptedOrigins } from "../../http/origin-check.ts";

/** The account forms send a few hundred bytes; the app applies this limit before any body is read. */
export const AUTH_MAX_BYTES = 16 * 1024;

type Body = Record<string, unknown>;
type Checked = { problem: string } | { body: Body };
/** What a check knows besides the body: the origins a link target may be on. */
type CheckContext = { origins: string[] };

/** Per path: which attempts are counted, and the checks made before anything is stored. */
const guardedPaths: Record<
  string,
  { action?: RateLimitAction; check?: (body: Body, context: CheckContext) => Checked }
> = {
  "/sign-in/email": { action: "signIn" },
  "/sign-up/email": { action: "signUp", check: checkSignUp },
  "/request-password-reset": { action: "passwordReset", check: checkResetRequest },
  "/reset-password": {
    check: (body) =>
      typeof body.newPassword === "string" && isStrongPassword(body.newPassword)
        ? { body }
        : { problem: authMessages.weakPassword },
  },
};

/**
 * The better-auth endpoints the app uses (src/client/features/auth/api, lib/auth-client.ts, and the links of our
 * e-mails); every other one answers 404 as unknown (decision 0065). Among them: /update-user, which stored any JSON
 * value as the first name (the profile page uses PATCH /api/me); /get-session and /list-sessions, which hand the
 * raw session token to page scripts (the app reads GET /api/me); /revoke-session, which answered success for
 * another user's token; /change-password and /send-verification-email, which no screen offers (a login before
 * confirming sends a fresh link).
 */
const openEndpoints: Record<string, (path: string) => boolean> = {
  POST: (path) =>
    ["/sign-up/email", "/sign-in/email", "/sign-out", "/request-password-reset", "/reset-password"].includes(path),
  GET: (path) => path === "/verify-email" || /^\/reset-password\/[^/]+$/.test(path),
};

/** A path or an address with no way out of it: `//host`, `/\\host`, encoded slashes or control characters. */
const UNSAFE_IN_PATH = /^\/\/|\\|\p{Cc}/u;
const ENCODED_SEPARATOR = /%2f|%5c/i;
const RELATIVE_BASE = "https://relative.invalid";

/**
 * Where better-auth may send the browser back to (a sign-up's callbackURL, a reset request's redirectTo): absent, a
 * path of this app, or an address on an accepted origin, as better-auth's own origin check wants. It is checked here,
 * before the answer: those requests are answered before better-auth runs (decisions 0063 and 0101), so a target it
 * refused afterwards would have been answered "done" with nothing done, and its refusal logged the target, the
 * person's text (issue 24 #7).
 */
function isOwnLinkTarget(value: unknown, { origins }: CheckContext): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (typeof value !== "string" || UNSAFE_IN_PATH.test(value)) return false;
  if (value.startsWith("/")) {
    if (ENCODED_SEPARATOR.test(value.split(/[?#]/)[0] ?? "")) return false;
    return URL.canParse(value, RELATIVE_BASE) && new URL(value, RELATIVE_BASE).origin === RELATIVE_BASE;
  }
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && origins.includes(url.origin);
}

function checkSignUp(body: Body, context: CheckContext): Checked {
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  if (!isValidEmail(email)) return { problem: authMessages.invalidEmail };
  if (typeof body.password !== "string" || !isStrongPassword(body.password)) {
    return { problem: authMessages.weakPassword };
  }
  // better-auth's own check is stricter than the spec's pattern; a sign-up it would refuse after the answer is lost.
  if (!z.email().safeParse(email).success) return { problem: authMessages.invalidEmail };
  // The same first-name rule as the sign-up form and the profile page (one shared text type).
  const name = updateProfileSchema.shape.firstName.safeParse(body.firstName);
  if (!name.success) return { problem: name.error.issues[0]?.message ?? authMessages.firstNameRequired };
  const firstName = name.data;
  if (body.acceptTerms !== true) return { problem: authMessages.termsRequired };
  if (!isOwnLinkTarget(body.callbackURL, context)) return { problem: authMessages.foreignLinkTarget };
  // better-auth requires `name`; ours is the first name. Only known fields pass on.
  return { body: { email, password: body.password, firstName, name: firstName, callbackURL: body.callbackURL } };
}

function checkResetRequest(body: Body, context: CheckContext): Checked {
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  // better-auth's own e-mail check as well: a request it would refuse after the answer is lost.
  if (!isValidEmail(email) || !z.email().safeParse(email).success) return { problem: authMessages.invalidEmail };
  if (!isOwnLinkTarget(body.redirectTo, context)) return { problem: authMessages.foreignLinkTarget };
  // Only the fields better-auth reads pass on; the link in the e-mail is ours whatever redirectTo says.
  return { body: { email, ...(body.redirectTo ? { redirectTo: body.redirectTo } : {}) } };
}

/** What the screens show for better-auth's error codes (its own messages are terse). */
const messagesByCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  INVALID_EMAIL: authMessages.invalidEmail,
  PASSWORD_TOO_SHORT: authMessages.weakPassword,
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
  MISSING_OR_NULL_ORIGIN: authMessages.requestRefused,
  INVALID_ORIGIN: authMessages.requestRefused,
};

/** A bad link speaks of the link it is: a confirmation link in SPEC's words, a reset link in the reset screen's. */
const linkCodes = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND", "INVALID_USER"]);

export function messageFor(path: string, code: string | undefined): string | undefined {
  if (code && linkCodes.has(code)) {
    if (path === "/verify-email") return authMessages.confirmInvalidLink;
    if (path.startsWith("/reset-password")) return authMessages.resetLinkExpired;
  }
  if (path === "/verify-email") return authMessages.confirmUnexpected;
  return code ? messagesByCode[code] : undefined;
}

/** Through Hono's body cache: the app's text check has read the body already. */
async function readBody(c: Context<AppEnv>): Promise<Body | null> {
  const type = c.req.header("content-type") ?? "";
  const text = await c.req.text();
  try {
    if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

/**
 * better-auth answers errors as {code, message}; the app's contract is {error}. A successful answer loses its
 * `token`: the session token lives in an HttpOnly cookie, and no page script may read it (issue 12, row 8).
 */
async function forTheBrowser(path: string, response: Response) {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  let answer: unknown = body;
  if (response.status >= 400) {
    const code = typeof body?.code === "string" ? body.code : undefined;
    const error =
      messageFor(path, code) ||
      (response.status === 429 ? tooManyAttemptsMessage(60) : typeof body?.message === "string" && body.message) ||
      httpMessages.unexpected;
    answer = { ...body, error };
  } else if (body && "token" in body) {
    const { token: _token, ...rest } = body;
    answer = rest;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}

/**
 * Where the links of our e-mails land (GET). Each link carries exactly this callbackURL, as its last parameter, so a
 * link copied with a few words too many out of a terminal or a mail carries it damaged, and better-auth would answer
 * a raw {"message":"Invalid callbackURL"} although the token is fine. The landing is set here instead of read from
 * the link: the token decides, and the link can point nowhere else (decision 0059).
 */
function linkLanding(method: string, path: string): string | null {
  if (method !== "GET") return null;
  if (path === "/verify-email") return emailConfirmedLandingPath;
  if (path.startsWith("/reset-password/")) return paths.resetPassword;
  return null;
}

/**
 * A confirmation link that still fails without a redirect (no token at all, a server error) opens the confirmation
 * screen's error view rather than a JSON body: a person clicked it, not a script.
 */
function confirmationErrorRedirect(response: Response) {
  const error = response.status >= 500 ? "UNEXPECTED" : "INVALID_TOKEN";
  return new Response(null, {
    status: 302,
    headers: { location: `${paths.emailConfirmed}?error=${error}`, "cache-control": "no-store" },
  });
}

/**
 * Too many confirmation links opened from one IP (RATE_LIMIT_VERIFY_EMAIL_PER_IP): each one costs a token check and a
 * lookup, and a person clicked it, so he lands on the confirmation screen, which tells him to wait.
 */
function confirmationTooMany(verdict: Extract<RateLimitVerdict, { allowed: false }>) {
  return new Response(null, {
    status: 302,
    headers: {
      location: `${paths.emailConfirmed}?error=TOO_MANY_REQUESTS`,
      "retry-after": String(verdict.retryAfterSeconds),
      "cache-control": "no-store",
    },
  });
}

const busyMessage = "Too many requests at this moment. Please try again in a minute.";

/** The requests answered before better-auth runs (decisions 0063 and 0101); the same answer for every address. */
const answeredFirst: Record<string, { kind: DeferredKind; answer: Record<string, unknown> }> = {
  "/sign-up/email": { kind: "sign-up", answer: { status: true } },
  // better-auth's own answer to every reset request, word for word, so the client sees no change.
  "/request-password-reset": {
    kind: "password reset request",
    answer: { status: true, message: "If this email exists in our system, check your email for the reset link" },
  },
};

/** What of Node's response the app gets from the HTTP server (`HttpBindings`); nothing in-process (`app.request`). */
type Outgoing = { writableFinished: boolean; once(event: "finish" | "close", listener: () => void): unknown };

/**
 * Resolves once the answer is out: Node's response finished (or its connection closed), else on the next turn of the
 * event loop. Work started in the same turn as the answer runs before Node writes it: on PGlite, which runs queries
 * on this thread, a registered address's lookup and insert delayed his answer by a millisecond or two (issue 24 #4).
 */
function answerSent(c: Context<AppEnv>): Promise<void> {
  const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing;
  return new Promise((resolve) => {
    if (outgoing && !outgoing.writableFinished) {
      outgoing.once("finish", resolve);
      outgoing.once("close", resolve);
    } else setImmediate(resolve);
  });
}

/** One registry of answered work per app (tests run several apps in one process). */
const deferredByAuth = new WeakMap<Auth, DeferredAuthWork>();

/**
 * Waits for the sign-ups and reset requests this app has answered but not yet done: shutdown must not close the
 * database under them.
 */
export async function settleAnsweredAuthWork(auth: Auth) {
  await deferredByAuth.get(auth)?.settleAll();
}

function tooMany(c: Context<AppEnv>, verdict: Extract<RateLimitVerdict, { allowed: false }>) {
  c.header("Retry-After", String(verdict.retryAfterSeconds));
  return c.json({ error: tooManyAttemptsMessage(verdict.retryAfterSeconds), code: "TOO_MANY_REQUESTS" }, 429);
}

/**
 * /api/auth/*: better-auth behind our own guard. The guard opens only the endpoints the app uses, checks input
 * against the spec's rules, counts attempts per IP and per e-mail in the database (429 over the limit; a browser
 * that logged in to the account before is counted on its own), passes the client IP on for session records,
 * answers sign-up before doing it (the same answer, at the same time, for known and unknown addresses), sends
 * e-mail links to their own screens, and turns error bodies into {error}.
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { auth, env, database, logger } = c.var.deps;
  // Only closures over the database: the counts themselves live in the rate_limits table.
  const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
  let deferred = deferredByAuth.get(auth);
  if (!deferred) {
    deferred = createDeferredAuthWork(logger);
    deferredByAuth.set(auth, deferred);
  }
  const path = c.req.path.replace(/^\/api\/auth/, "");
  if (!openEndpoints[c.req.method]?.(path)) return c.json({ error: httpMessages.notFound }, 404);
  const secure = env.APP_URL.startsWith("https://");
  const ip = clientIp(c, env.TRUST_PROXY);
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);

  let body: string | undefined;
  let email: string | null = null;
  /** Who proves, with this request, that the browser belongs to the account: set by a login or a reset. */
  let provenEmail: string | null = null;
  const guard = c.req.method === "POST" ? guardedPaths[path] : undefined;
  if (guard) {
    let parsed = await readBody(c);
    if (!parsed) return c.json({ error: httpMessages.unreadable }, 400);
    if (guard.check) {
      const checked = guard.check(parsed, { origins: acceptedOrigins(env, c.req.raw) });
      if ("problem" in checked) return c.json({ error: checked.problem }, 400);
      parsed = checked.body;
    }
    email = typeof parsed.email === "string" ? normalizeEmail(parsed.email) : null;
    if (guard.action === "signIn") {
      const byIp = await limiter.consume("signIn", { ip });
      if (!byIp.allowed) return tooMany(c, byIp);
      // A browser that proves an earlier login to this account has its own counter; strangers share the account's.
      const device = email && trustedDevice(env.AUTH_SECRET, email, getCookie(c, deviceCookieName(secure)));
      const byAccount = device
        ? await limiter.consume("signIn", { email: device }, { scope: "signInDevice" })
        : await limiter.consume("signIn", { email });
      if (!byAccount.allowed) return tooMany(c, byAccount);
    } else if (guard.action) {
      const verdict = await limiter.consume(guard.action, { ip, email });
      if (!verdict.allowed) return tooMany(c, verdict);
    }
    if (path === "/reset-password" && typeof parsed.token === "string") {
      provenEmail = await emailOfResetToken(database.db, parsed.token);
    }
    body = JSON.stringify(parsed);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
  } else if (c.req.method === "POST") {
    body = await c.req.text();
  } else if (path === "/verify-email") {
    const verdict = await limiter.consume("verificationEmail", { ip });
    if (!verdict.allowed) return confirmationTooMany(verdict);
  }

  const url = new URL(c.req.url);
  const landing = linkLanding(c.req.method, path);
  if (landing) url.searchParams.set("callbackURL", landing);
  const request = new Request(url, { method: c.req.method, headers, body });

  const first = c.req.method === "POST" ? answeredFirst[path] : undefined;
  if (first && email) {
    // Answered before the work starts, the same for every address (the owner is told by e-mail).
    const sent = answerSent(c);
    const work = async () => {
      await sent;
      return auth.handler(request);
    };
    if (!deferred.start(first.kind, email, work)) return c.json({ error: busyMessage }, 503);
    return c.json(first.answer, 200);
  }
  // A login or reset right after signing up finds the account written.
  if (email) await deferred.settled(email);

  const response = await auth.handler(request);
  if (path === "/verify-email" && response.status >= 400) return confirmationErrorRedirect(response);
  const answer = await forTheBrowser(path, response);
  if (path === "/sign-in/email") provenEmail = email;
  // The owner on a new browser, held back while someone guesses, gets in by resetting his password from his mailbox.
  if (response.ok && provenEmail) {
    answer.headers.append("set-cookie", deviceCookieHeader(env.AUTH_SECRET, provenEmail, secure));
  }
  return answer;
});
