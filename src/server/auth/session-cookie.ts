/**
 * better-auth's cookie prefix, and so its session cookie's name `<prefix>.session_token`, `__Secure-` first over
 * HTTPS (better-auth's `useSecureCookies`). One spelling for the auth setup, the session reader, the API document and
 * the middleware that sees a session change.
 */
export const COOKIE_PREFIX = "unscroll";
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/** The session cookie's name as the browser holds it. */
export const sessionCookieName = (secure: boolean) => `${secure ? "__Secure-" : ""}${SESSION_COOKIE}`;
