import { Hono, type MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Env } from "../env.ts";
import type { FrameHeader } from "./answer-response.ts";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const originOf = (url?: string) => (url ? new URL(url).origin : undefined);

/**
 * The same protective headers on every answer. Pages get a CSP with a fresh script nonce per request; API answers
 * are JSON, redirects and calendar files that load nothing, so they get the strictest policy and no nonce to make
 * (issue 13: the nonce and its header were a tenth of a JSON request's time).
 *
 * An API answer's headers never change from one request to the next, so hono's secureHeaders makes them once, on a
 * probe at start, and every answer gets that list (issue 58, decision 0173): the values are hono's own, byte for byte,
 * without rebuilding them and a middleware layer around every request. `apiList` is that list; the request frame
 * puts it on each API answer (decision 0178).
 */
export function securityHeaders(env: Env): {
  apiList: () => readonly FrameHeader[] | Promise<readonly FrameHeader[]>;
  pages: MiddlewareHandler;
} {
  const https = env.APP_URL.startsWith("https://");
  const common: SecureHeadersOptions = {
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    // A route that sets one of these itself asks for something stricter (the calendar feed's no-referrer keeps its
    // token out of Referer headers); the defaults fill in only what it left unset.
    overwrite: false,
  };
  let apiHeaders: Array<[string, string]> | undefined;
  const learnt = headersOf(
    secureHeaders({
      ...common,
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    }),
  ).then((list) => {
    apiHeaders = list;
    return list;
  });
  const pages = pageHeaders(env, common);
  return {
    apiList: () => apiHeaders ?? learnt,
    pages: async (c, next) => {
      await pages(c, next);
      if (c.req.path.startsWith(PRIVATE_PAGE_PREFIX)) {
        c.res.headers.set("Referrer-Policy", "no-referrer");
        c.res.headers.set("X-Robots-Tag", "noindex");
        c.res.headers.set("Cache-Control", "no-store");
      }
    },
  };
}

/** The headers a secureHeaders middleware gives an answer that has none of its own. */
async function headersOf(middleware: MiddlewareHandler): Promise<Array<[string, string]>> {
  const probe = new Hono().use(middleware).all("*", (c) => c.body(null, 204));
  return [...(await probe.request("/api/")).headers];
}

/**
 * A partner's page holds the link's secret in its path (decision 0106): never sent on in a Referer, never indexed,
 * never kept by a cache.
 */
const PRIVATE_PAGE_PREFIX = "/partner/view/";

function pageHeaders(env: Env, common: SecureHeadersOptions) {
  const analytics = originOf(env.publicConfig.analyticsScriptUrl);
  const video = originOf(env.publicConfig.founderVideoUrl);
  return secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the check-in screen compile the OCR's WebAssembly (decision 0160); it allows no
      // JavaScript eval and no script from elsewhere.
      scriptSrc: ["'self'", NONCE, "'wasm-unsafe-eval'", ...(analytics ? [analytics] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...(analytics ? [analytics] : [])],
      mediaSrc: ["'self'", ...(video ? [video] : [])],
      frameSrc: video ? [video] : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
}
