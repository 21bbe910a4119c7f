import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Env } from "../env.ts";

const originOf = (url?: string) => (url ? new URL(url).origin : undefined);

export function securityHeaders(env: Env) {
  const analytics = originOf(env.publicConfig.analyticsScriptUrl);
  const video = originOf(env.publicConfig.founderVideoUrl);
  const https = env.APP_URL.startsWith("https://");
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...(analytics ? [analytics] : [])],
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
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
