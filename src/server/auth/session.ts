import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { onePer } from "#shared/one-per.ts";
import type { AppEnv, AuthedEnv, Deps } from "../context.ts";
import { DomainError } from "../services/domain-error.ts";
import { createSessionReader } from "./session-read.ts";

const readerOf = onePer((deps: Deps) => createSessionReader(deps));

/**
 * Reads the session cookie once per request and exposes the user. The session and its user are kept for a few
 * seconds (decision 0099); `forgetSessionsAfterChanges` drops them whenever a request may have changed them.
 */
export const loadSession = createMiddleware<AppEnv>((c, next) => {
  if (c.req.path === "/api/health") {
    c.set("user", null);
    return next();
  }
  // A session known without the database goes on without a promise of its own (issue 58).
  const user = readerOf(c.get("deps")).read(c);
  if (user instanceof Promise)
    return user.then((read) => {
      c.set("user", read);
      return next();
    });
  c.set("user", user);
  return next();
});

/** Requests after which a kept session or its user may be out of date: every /api/auth request, every change to /api/me. */
function mayChangeSessions(method: string, path: string) {
  if (path.startsWith("/api/auth/")) return true;
  return method !== "GET" && method !== "HEAD" && (path === "/api/me" || path.startsWith("/api/me/"));
}

/**
 * Subscribes this instance's session reader to changes made through the others, before the first request, and
 * resolves once it hears them (decision 0121).
 */
export function listenForSessionChanges(deps: Deps): Promise<boolean> {
  readerOf(deps);
  return deps.database.changes.ready();
}

/**
 * After a request that may sign out, revoke, confirm, rename or delete, the sessions this instance kept are read from
 * the database again, so the change shows at once here. A change to /api/me (a rename, a deletion) is also told to
 * every other instance (decision 0121); under /api/auth the guard tells them only after a request that ended sessions
 * (routes/auth/tell-other-instances.ts), so a sign-in does not empty every instance's cache.
 */
export const forgetSessionsAfterChanges = createMiddleware<AppEnv>((c, next) =>
  // Not async itself: a read passes on without a promise of its own (issue 58).
  mayChangeSessions(c.req.method, c.req.path) ? forgettingAfter(c, next) : next(),
);

async function forgettingAfter(c: Context<AppEnv>, next: Next) {
  try {
    await next();
  } finally {
    readerOf(c.get("deps")).forget();
    if (!c.req.path.startsWith("/api/auth/") && c.req.method !== "GET" && c.req.method !== "HEAD") {
      await c
        .get("deps")
        .database.changes.publish("sessions")
        .catch((err: unknown) =>
          c.get("log").error({ err }, "could not tell the other instances about a session change"),
        );
    }
  }
}

export const requireUser = createMiddleware<AuthedEnv>((c, next) => {
  if (!c.get("user")) throw new DomainError("auth.sessionRequired");
  return next();
});
