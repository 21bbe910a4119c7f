import { createMiddleware } from "hono/factory";
import { CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { clientIp } from "#server/auth/client-ip.ts";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 2: the client's address, for the attempt counters and for better-auth's session rows: handed on in
 * `x-unscroll-client-ip`, where a value the client sent is dropped (decision 0010).
 */
export const passClientIp = createMiddleware<GuardEnv>(async (c, next) => {
  const ip = clientIp(c, c.get("deps").env.trustedProxyHops);
  c.set("clientIp", ip);
  const { headers } = c.get("forward");
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  await next();
});
