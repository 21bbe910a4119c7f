import { type Context, Hono } from "hono";
import {
  authMessages,
  FIRST_NAME_MAX_LENGTH,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
} from "../../../shared/account/rules.ts";
import { emailConfirmedLandingPath, paths } from "../../../shared/paths.ts";
import { CLIENT_IP_HEADER } from "../../auth/auth.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { createRateLimiter, type RateLimitAction, tooManyAttemptsMessage } from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../context.ts";
import { httpMessages } from "../../http/errors.ts";

/** The account forms send a few hundred bytes; the app applies this limit before any body is read. */
export const AUTH_MAX_BYTES = 16 * 1024;

type Body = Record<string, unknown>;
type Checked = { problem: string } | { body: Body };

/** Per path: which attempts are counted, and the checks made before anything is stored. */
const guardedPaths: Record<string, { action?: RateLimitAction; check?: (body: Body) => Checked }> = {
  "/sign-in/email": { action: "signIn" },
  "/sign-up/email": { action: "signUp", check: checkSignUp },
  "/request-password-reset": { action: "passwordReset", check: checkEmailOnly },
  "/send-verification-email": { action: "verificationEmail", check: checkEmailOnly },
  "/reset-password": {
    check: (body) =>
      typeof body.newPassword === "string" && isStrongPassword(body.newPassword)
        ? { body }
        : { problem: authMessages.weakPassword },
  },
};

/**
 * better-auth endpoints the app does not use, answered as unknown. `/update-user` would store any JSON value as the
 * first name, past the sign-up rules; the profile page changes the name through PATCH /api/me.
 */
const closedPaths = new Set(["/update-user"]);

function checkSignUp(body: Body): Checked {
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  if (!isValidEmail(email)) return { problem: authMessages.invalidEmail };
  if (typeof body.password !== "string" || !isStrongPassword(body.password)) {
    return { problem: authMessages.weakPassword };
  }
  const firstName = typeof body.firstName === "string" ? body.firstName.trim() : "";
  if (!firstName) return { problem: authMessages.firstNameRequired };
  if (firstName.length > FIRST_NAME_MAX_LENGTH) return { problem: authMessages.firstNameTooLong };
  if (body.acceptTerms !== true) return { problem: authMessages.termsRequired };
  // better-auth requires `name`; ours is the first name. Only known fields pass on.
  return { body: { email, password: body.password, firstName, name: firstName, callbackURL: body.callbackURL } };
}

function checkEmailOnly(body: Body): Checked {
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  if (!isValidEmail(email)) return { problem: authMessages.invalidEmail };
  return { body: { ...body, email } };
}

/** What the screens show for better-auth's error codes (its own messages are terse). */
const messagesByCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  INVALID_EMAIL: authMessages.invalidEmail,
  PASSWORD_TOO_SHORT: authMessages.weakPassword,
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
  INVALID_TOKEN: authMessages.resetLinkExpired,
  USER_NOT_FOUND: authMessages.resetLinkExpired,
  MISSING_OR_NULL_ORIGIN: authMessages.requestRefused,
  INVALID_ORIGIN: authMessages.requestRefused,
};

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

/** better-auth answers errors as {code, message}; the app's contract is {error}. */
async function withErrorField(response: Response) {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  const error =
    (body?.code && messagesByCode[body.code]) ||
    (response.status === 429 ? tooManyAttemptsMessage(60) : body?.message) ||
    httpMessages.unexpected;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, error }), { status: response.status, headers });
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
 * /api/auth/*: better-auth behind our own guard. The guard checks input against the
 * spec's rules, counts attempts per IP and per e-mail in the database (429 over the
 * limit), passes the client IP on for session records, keeps sign-up answers identical
 * for known and unknown addresses, sends e-mail links to their own screens, and turns error bodies into {error}.
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { auth, env, database } = c.var.deps;
  // Only closures over the database: the counts themselves live in the rate_limits table.
  const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
  const path = c.req.path.replace(/^\/api\/auth/, "");
  if (closedPaths.has(path.replace(/\/+$/, ""))) return c.json({ error: httpMessages.notFound }, 404);
  const ip = clientIp(c, env.TRUST_PROXY);
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);

  let body: string | undefined;
  const guard = c.req.method === "POST" ? guardedPaths[path] : undefined;
  if (guard) {
    let parsed = await readBody(c);
    if (!parsed) return c.json({ error: httpMessages.unreadable }, 400);
    if (guard.check) {
      const checked = guard.check(parsed);
      if ("problem" in checked) return c.json({ error: checked.problem }, 400);
      parsed = checked.body;
    }
    if (guard.action) {
      const email = typeof parsed.email === "string" ? normalizeEmail(parsed.email) : null;
      const verdict = await limiter.consume(guard.action, { ip, email });
      if (!verdict.allowed) {
        c.header("Retry-After", String(verdict.retryAfterSeconds));
        return c.json({ error: tooManyAttemptsMessage(verdict.retryAfterSeconds), code: "TOO_MANY_REQUESTS" }, 429);
      }
    }
    body = JSON.stringify(parsed);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
  } else if (c.req.method === "POST") {
    body = await c.req.text();
  }

  const url = new URL(c.req.url);
  const landing = linkLanding(c.req.method, path);
  if (landing) url.searchParams.set("callbackURL", landing);

  const response = await auth.handler(new Request(url, { method: c.req.method, headers, body }));
  if (path === "/verify-email" && response.status >= 400) return confirmationErrorRedirect(response);
  if (path === "/sign-up/email" && response.ok) {
    // The same answer whether the address is new or taken (the owner is told by e-mail).
    return c.json({ status: true }, 200);
  }
  return withErrorField(response);
});
