import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { guardedRouter } from "#server/http/guarded-router.ts";
import { keptMembers } from "#server/services/community/kept-members.ts";
import { DomainError } from "#server/services/domain-error.ts";

/**
 * Only members read and write the feed (issue 40): everyone else, signed in, is told he is still on the waitlist (403),
 * whatever he asks for, so nothing of the feed is learnt before admission.
 */
export const requireMember = createMiddleware<AuthedEnv>(async (c, next) => {
  const standing = await keptMembers(c.get("deps")).standing(c.get("user").id);
  if (standing === "waiting") throw new DomainError("community.notAdmitted");
  // Suspended by the operator (decision 0136): nothing of the feed, read or written.
  if (standing === "suspended") throw new DomainError("community.suspended");
  await next();
});

/**
 * The routes only members reach (decision 0169): every route registered on one is behind `requireUser` and
 * `requireMember`, and its entry in the API document lists their refusals (401 without a session, 403 before
 * admission and when suspended) before its own. Mounted with `.route("/", …)` beside the public routes.
 */
export function memberRouter(): Hono<AuthedEnv> {
  return guardedRouter<AuthedEnv>({
    handlers: [requireUser, requireMember],
    refusals: ["auth.sessionRequired", "community.notAdmitted", "community.suspended"],
  });
}
