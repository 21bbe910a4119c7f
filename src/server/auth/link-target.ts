/** A path or an address with no way out of it: `//host`, `/\\host`, encoded slashes or control characters. */
const UNSAFE_IN_PATH = /^\/\/|\\|\p{Cc}/u;
const ENCODED_SEPARATOR = /%2f|%5c/i;
const RELATIVE_BASE = "https://relative.invalid";

/**
 * Where better-auth may send the browser back to (a sign-up's callbackURL, a reset request's redirectTo): absent, a
 * path of this app, or an address on an accepted origin, as better-auth's own origin check wants. The auth guard checks
 * it before the answer: those requests are answered before better-auth runs (decisions 0063 and 0101), so a target it
 * refused afterwards would have been answered "done" with nothing done, and its refusal logged the target, the
 * person's text (issue 24 #7).
 */
export function isOwnLinkTarget(value: unknown, origins: string[]): boolean {
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
