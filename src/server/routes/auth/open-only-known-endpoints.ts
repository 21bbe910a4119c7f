import { createMiddleware } from "hono/factory";
import { notFound } from "#server/http/errors.ts";
import { findAuthEndpoint } from "./endpoints.ts";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 1: only the endpoints of `authEndpoints` are open; anything else under /api/auth is 404 `{error:"Not found"}`,
 * trailing-slash variants and other methods included (decision 0065). Sets up what the next steps share.
 */
export const openOnlyKnownEndpoints = createMiddleware<GuardEnv>(async (c, next) => {
  const authPath = c.req.path.replace(/^\/api\/auth/, "");
  const endpoint = findAuthEndpoint(c.req.method, authPath);
  if (!endpoint) return notFound(c);
  c.set("endpoint", endpoint);
  c.set("authPath", authPath);
  c.set("clientIp", null);
  c.set("input", undefined);
  c.set("email", null);
  c.set("forward", { url: new URL(c.req.url), headers: new Headers(c.req.raw.headers) });
  await next();
});
