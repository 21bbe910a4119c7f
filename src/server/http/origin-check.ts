import { createMiddleware } from "hono/factory";
import type { Env } from "../env.ts";
import { DomainError } from "../services/domain-error.ts";

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type OriginSettings = Pick<Env, "APP_URL" | "NODE_ENV">;

/**
 * The origins whose pages may change something through the API. In production only APP_URL's. Elsewhere also the
 * origin the request itself was addressed to (its Host header), so the app works when opened on 127.0.0.1 or the
 * machine's LAN address as well as on localhost (the default HOST is 0.0.0.0). A foreign page can never send its
 * victim's browser to us with our own host as its Origin, so this admits no other site.
 */
export function acceptedOrigins(env: OriginSettings, request?: Request): string[] {
  const origins = [new URL(env.APP_URL).origin];
  if (env.NODE_ENV !== "production" && request) {
    const own = new URL(request.url).origin;
    if (!origins.includes(own)) origins.push(own);
  }
  return origins;
}

/** The origin a browser says the request comes from: Origin, else the Referer's origin; "null" stays "null". */
function claimedOrigin(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (origin) return origin;
  const referer = headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * Defence in depth beside SameSite=Lax session cookies: a request that would change something (any method but
 * GET, HEAD, OPTIONS) and names a foreign origin (Origin, or a Referer when Origin is missing) is refused with 403
 * before any route sees it. Browsers send Origin on every such request, so a request without Origin, Referer or
 * a cross-site Sec-Fetch-Site is not a browser's (curl, a script, a server) and carries no victim's cookie: it
 * passes, and the session check decides. `except`: Stripe's webhook, which is a server's and signed.
 */
export function refuseForeignOrigin(env: OriginSettings, options: { except?: string[] } = {}) {
  const except = new Set(options.except ?? []);
  // Hono's default Env: the check reads only the request, and AppEnv from context.ts would close a cycle
  // (context.ts -> auth/auth.ts -> acceptedOrigins here).
  // Not async: a read, most of the API's traffic, passes on without a promise of its own (issue 58).
  return createMiddleware((c, next) => {
    if (READ_ONLY_METHODS.has(c.req.method) || except.has(c.req.path)) return next();
    const headers = c.req.raw.headers;
    const claimed = claimedOrigin(headers);
    const foreign =
      claimed === null
        ? headers.get("sec-fetch-site") === "cross-site"
        : !acceptedOrigins(env, c.req.raw).includes(claimed);
    if (foreign) throw new DomainError("request.foreignOrigin");
    return next();
  });
}
