import { tooManyAttemptsMessage } from "#server/auth/rate-limit.ts";
import { httpMessages } from "#server/http/errors.ts";
import { authMessages } from "#shared/account/rules.ts";
import { type AuthEndpoint, authEndpointAt } from "./endpoints.ts";
import { landOnScreen } from "./land-on-screen.ts";

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

function wordsFor(linkWords: AuthEndpoint["linkWords"], code: string | undefined): string | undefined {
  // The confirmation screen knows two messages: the link's, and "unexpected" for anything else.
  const linkCode = code !== undefined && linkCodes.has(code);
  if (linkWords === "confirmation") return linkCode ? authMessages.confirmInvalidLink : authMessages.confirmUnexpected;
  if (linkWords === "reset" && linkCode) return authMessages.resetLinkExpired;
  return code ? messagesByCode[code] : undefined;
}

/** The message for better-auth's error `code` on the endpoint at `path` (under /api/auth), if the screens have one. */
export function messageFor(path: string, code: string | undefined): string | undefined {
  return wordsFor(authEndpointAt(path)?.linkWords, code);
}

/**
 * better-auth answers errors as {code, message}; the app's contract is {error} in the screens' words, with better-auth's
 * code beside it for the screens that tell codes apart (its terse `message` stays here: issue 57 row 7). A redirect
 * carries no body (better-auth sends `null` as JSON). A successful answer loses its `token`: the session token lives in
 * an HttpOnly cookie, and no page script may read it (issue 12, row 8).
 */
async function forTheBrowser(endpoint: AuthEndpoint, response: Response) {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (response.status >= 300 && response.status < 400) {
    headers.delete("content-type");
    return new Response(null, { status: response.status, headers });
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  let answer: unknown = body;
  if (response.status >= 400) {
    const code = typeof body?.code === "string" ? body.code : undefined;
    const error =
      wordsFor(endpoint.linkWords, code) ||
      (response.status === 429 ? tooManyAttemptsMessage(60) : typeof body?.message === "string" && body.message) ||
      httpMessages.unexpected;
    answer = code ? { error, code } : { error };
  } else if (body && "token" in body) {
    const { token: _token, ...rest } = body;
    answer = rest;
  }
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}

/**
 * Step 11, on the way back: better-auth's answer as the app answers. A link a person clicked that still fails without
 * a redirect of better-auth's own (no token at all, a server error) lands on its screen's error view rather than a
 * JSON body; everything else gets `{error}` in the screens' words.
 */
export async function mapAnswer(endpoint: AuthEndpoint, response: Response): Promise<Response> {
  if (endpoint.failuresLandOn && response.status >= 400) {
    return landOnScreen(endpoint.failuresLandOn, response.status >= 500 ? "UNEXPECTED" : "INVALID_TOKEN");
  }
  return forTheBrowser(endpoint, response);
}
