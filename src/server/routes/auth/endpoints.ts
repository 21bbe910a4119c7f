import type { z } from "zod";
import type { DeferredKind } from "#server/auth/deferred-auth-work.ts";
import type { RateLimitAction } from "#server/auth/rate-limit.ts";
import { authAnswers } from "#shared/account/contracts.ts";
import { authMessages } from "#shared/account/rules.ts";
import { emailConfirmedLandingPath, paths } from "#shared/paths.ts";
import {
  confirmationLinkQuery,
  resendConfirmationBody,
  resetLinkQuery,
  resetPasswordBody,
  resetRequestBody,
  signInBody,
  signUpBody,
} from "./bodies.ts";

type Body = Record<string, unknown>;

/** How the guard counts a request's attempts (auth/rate-limit.ts, in the database) before better-auth sees it. */
type AttemptCount = {
  action: RateLimitAction;
  /**
   * "ip": per client IP. "ip and address": per IP and per the body's address, one verdict. "ip, then address or
   * device": per IP first, then per address, or on a counter of its own for a browser whose device cookie proves an
   * earlier login to that address (decision 0064), so strangers cannot lock the owner out.
   */
  per: "ip" | "ip and address" | "ip, then address or device";
};

/** One better-auth endpoint the auth guard opens: everything the guard does for it, and what the API docs say of it. */
export type AuthEndpoint = {
  method: "GET" | "POST";
  /** better-auth's path under /api/auth; a `:name` segment stands for any one non-empty segment (a link's token). */
  path: string;
  /** One sentence for the API docs. */
  summary: string;
  /**
   * The body the guard reads (JSON or a form) and checks: its first issue is answered 400 with its message, and what it
   * outputs is what better-auth receives, as JSON. Without one, the body passes on unread.
   */
  body?: z.ZodType<Body>;
  /** The JSON it answers on success (a redirect has none). */
  answer?: z.ZodType;
  /** better-auth's own refusals, in the screens' words (map-answer.ts), for the API docs: the guard's are derived. */
  refusedBy?: { status: number; message: string }[];
  /** The query a link carries, for the API docs (better-auth reads it; the guard sets `landing` in it). */
  query?: z.ZodType;
  /** The body field naming where better-auth sends the browser back to: refused unless a page of this site (0101). */
  returnTo?: "callbackURL" | "redirectTo";
  /** Attempts counted before better-auth runs; over the limit: 429 with Retry-After (or `failuresLandOn`). */
  attempts?: AttemptCount;
  /**
   * Answered with `answer` before better-auth's work starts, the same for every address, so its timing tells nothing
   * (decisions 0063 and 0101); the work runs after the answer is out (the app's `answeredWork` registry).
   */
  answeredFirst?: { kind: DeferredKind; answer: Body };
  /** A link of our e-mails: the callbackURL better-auth gets whatever the link says, the screen it lands on (0059). */
  landing?: string;
  /** A link a person clicked: failures and too many attempts go to this screen with `?error=CODE`, not to JSON. */
  failuresLandOn?: string;
  /** Which link better-auth's INVALID_TOKEN and the like speak of, in the words of its screen (decision 0065). */
  linkWords?: "confirmation" | "reset";
  /** A success proves the browser belongs to the account (the password, or the mailbox through a reset link): it gets a device cookie (0064). */
  proves?: "password" | "reset link";
  /** A success ends sessions (this one, or every one of the account): every instance is told to drop what it keeps. */
  endsSessions?: true;
};

/**
 * Every better-auth endpoint the app uses (src/client/features/auth/api, lib/auth-client.ts, and the links of our
 * e-mails); everything else under /api/auth answers 404 (decision 0065). Closed among others: /update-user, which
 * stored any JSON value as the first name (the profile page uses PATCH /api/me); /get-session and /list-sessions,
 * which hand the raw session token to page scripts (the app reads GET /api/me); /revoke-session, which answered
 * success for another user's token; /change-password, which no screen offers. Opening one more is adding its row, with
 * a reason.
 */
export const authEndpoints: readonly AuthEndpoint[] = [
  {
    method: "POST",
    path: "/sign-up/email",
    summary:
      "Creates an account and mails its confirmation link; answered at once and alike for every address, a registered one's owner is told by e-mail.",
    body: signUpBody,
    answer: authAnswers.accepted,
    returnTo: "callbackURL",
    attempts: { action: "signUp", per: "ip and address" },
    answeredFirst: { kind: "sign-up", answer: { status: true } },
  },
  {
    method: "POST",
    path: "/sign-in/email",
    summary: "Signs in with e-mail and password, setting the session cookie (and a device cookie) on success.",
    body: signInBody,
    answer: authAnswers.signedIn,
    refusedBy: [
      { status: 401, message: authMessages.invalidCredentials },
      { status: 403, message: authMessages.emailNotConfirmed },
    ],
    attempts: { action: "signIn", per: "ip, then address or device" },
    proves: "password",
  },
  {
    method: "POST",
    path: "/sign-out",
    summary: "Signs this browser out: its session ends in the database and its cookies expire.",
    answer: authAnswers.signedOut,
    endsSessions: true,
  },
  {
    method: "POST",
    path: "/request-password-reset",
    summary: "Mails a reset link if the address has an account; answered at once and alike for every address.",
    body: resetRequestBody,
    answer: authAnswers.accepted,
    returnTo: "redirectTo",
    attempts: { action: "passwordReset", per: "ip and address" },
    answeredFirst: {
      kind: "password reset request",
      // better-auth's own answer to every reset request, word for word, so the client sees no change.
      answer: { status: true, message: "If this email exists in our system, check your email for the reset link" },
    },
  },
  {
    method: "POST",
    path: "/send-verification-email",
    summary:
      "Mails a fresh confirmation link if the address has an unconfirmed account (the login screen's resend after sign-up); answered alike for every address.",
    body: resendConfirmationBody,
    answer: authAnswers.accepted,
    // The count the confirmation link's openings use, per IP and per address; each address's account mails are capped too.
    attempts: { action: "verificationEmail", per: "ip and address" },
  },
  {
    method: "POST",
    path: "/reset-password",
    summary:
      "Sets a new password with the token of a reset link, ends every session of the account and voids its other reset links.",
    body: resetPasswordBody,
    answer: authAnswers.passwordReset,
    linkWords: "reset",
    proves: "reset link",
    endsSessions: true,
  },
  {
    method: "GET",
    path: "/verify-email",
    summary: "The confirmation link of our e-mail: confirms the address and redirects to the confirmation screen.",
    query: confirmationLinkQuery,
    attempts: { action: "verificationEmail", per: "ip" },
    landing: emailConfirmedLandingPath,
    failuresLandOn: paths.emailConfirmed,
    linkWords: "confirmation",
  },
  {
    method: "GET",
    path: "/reset-password/:token",
    summary:
      "The reset link of our e-mail: redirects to the reset screen with its token, or with ?error=INVALID_TOKEN.",
    query: resetLinkQuery,
    landing: paths.resetPassword,
    linkWords: "reset",
  },
];

function matches(pattern: string, path: string) {
  const want = pattern.split("/");
  const got = path.split("/");
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(":") ? got[i] !== "" : part === got[i]))
  );
}

/** The row of a request (its method and its path under /api/auth), or undefined: not open. */
export function findAuthEndpoint(method: string, path: string): AuthEndpoint | undefined {
  return authEndpoints.find((endpoint) => endpoint.method === method && matches(endpoint.path, path));
}

/** The row of a path under /api/auth, whatever the method: what a link's error speaks of. */
export function authEndpointAt(path: string): AuthEndpoint | undefined {
  return authEndpoints.find((endpoint) => matches(endpoint.path, path));
}
