import { createMiddleware } from "hono/factory";
import type { AppEnv, AuthedEnv, Deps } from "../context.ts";
import { DomainError } from "../services/domain-error.ts";
import { createSessionReader } from "./session-read.ts";

const readers = new WeakMap<Deps, ReturnType<typeof createSessionReader>>();

/**
 * Reads the session cookie once per request and exposes the user. Nothing is cached between requests, so the user
 * (first name included) is read from the database every time: a changed name shows at once, a revoked session ends.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.path === "/api/health") {
    c.set("user", null);
    return next();
  }
  const deps = c.var.deps;
  let read = readers.get(deps);
  if (!read) {
    read = createSessionReader(deps);
    readers.set(deps, read);
  }
  c.set("user", await read(c));
  await next();
});

export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user) throw new DomainError("auth.sessionRequired");
  await next();
});
