/**
 * Path segments that are secrets: the reset link's, the calendar feed's and an accountability partner's tokens (the
 * partner's page and its API) are part of their paths.
 */
const SECRET_SEGMENTS = [
  /^(\/api\/auth\/reset-password\/)[^/]+/,
  /^(\/api\/calendar\/)(?!feed$|feed\/)[^/]+/,
  /^(\/api\/partner-view\/)[^/]+/,
  /^(\/partner\/view\/)[^/]+/,
];
const MAX_LENGTH = 200;

/**
 * A request path as the request log may hold it: secret segments replaced by `:token`, the query left out by the
 * caller (confirmation links carry their token there), and capped, since an unknown path is whatever a client sent.
 */
export function loggablePath(path: string): string {
  let safe = path;
  for (const pattern of SECRET_SEGMENTS) safe = safe.replace(pattern, "$1:token");
  return safe.length > MAX_LENGTH ? `${safe.slice(0, MAX_LENGTH)}…` : safe;
}
