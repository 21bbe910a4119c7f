import { createMiddleware } from "hono/factory";
import type { AppEnv, AuthedEnv } from "../context.ts";
import { DomainError } from "../services/domain-error.ts";

/**
 * Reads the better-auth session cookie once per request and exposes the user. better-auth's cookie cache is off,
 * so the user (first name included) is read from the database on every request: a changed name shows at once.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.path === "/api/health") {
    c.set("user", null);
    return next();
  }
  const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const user = result?.user;
  c.set(
    "user",
    user
      ? {
          id: user.id,
          email: user.email,
          firstName: (user as { firstName?: string }).firstName ?? "",
          emailVerified: user.emailVerified,
          createdAt: new Date(user.createdAt),
        }
      : null,
  );
  await next();
});

export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user) throw new DomainError("auth.sessionRequired");
  await next();
});
