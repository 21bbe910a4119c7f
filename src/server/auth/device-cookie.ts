import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's "device cookies": a browser that once logged in to an account keeps a signed note of it, and its login
 * attempts for that account are counted on their own, not on the account's counter that strangers fill. So nobody
 * can lock the owner out of his own browser by guessing passwords elsewhere (issue 12, row 6; decision 0064).
 */
const DEVICE_COOKIE = "unscroll.device";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function signature(secret: string, email: string, nonce: string) {
  return createHmac("sha256", secret).update(`device:${email.toLowerCase()}:${nonce}`).digest("base64url");
}

export function deviceCookieName(secure: boolean) {
  return secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** Set-Cookie for a browser that has just logged in to `email`; only the auth routes ever receive it. */
export function deviceCookieHeader(secret: string, email: string, secure: boolean) {
  const nonce = randomBytes(16).toString("base64url");
  const value = `${nonce}.${signature(secret, email, nonce)}`;
  const attributes = ["Path=/api/auth", `Max-Age=${ONE_YEAR_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return `${deviceCookieName(secure)}=${value}; ${attributes.join("; ")}`;
}

/** Set-Cookie that removes the device cookie from this browser: his account is gone (POST /api/me/delete). */
export function expiredDeviceCookieHeader(secure: boolean) {
  return `${deviceCookieName(secure)}=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The device's own id when the cookie proves an earlier login to `email` from this browser, else null. */
export function trustedDevice(secret: string, email: string, cookie: string | undefined): string | null {
  if (!cookie) return null;
  const [nonce, given] = cookie.split(".");
  if (!nonce || !given) return null;
  const expected = Buffer.from(signature(secret, email, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}
