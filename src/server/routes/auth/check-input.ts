import { createMiddleware } from "hono/factory";
import { isOwnLinkTarget } from "#server/auth/link-target.ts";
import { acceptedOrigins } from "#server/http/origin-check.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { normalizeEmail } from "#shared/account/rules.ts";
import type { GuardEnv } from "./guard-env.ts";

/**
 * Step 4: the body against its endpoint's schema, the spec's rules (400 `auth.invalidInput` with the first rule's
 * message), then the page to return to (400 `auth.foreignLinkTarget`), before anything is counted, stored, sent or
 * logged. Only what the schema outputs goes on; the address it names is kept for the counters.
 */
export const checkInput = createMiddleware<GuardEnv>(async (c, next) => {
  const endpoint = c.get("endpoint");
  const input = c.get("input");
  if (!endpoint.body || !input) return next();
  const checked = endpoint.body.safeParse(input);
  if (!checked.success) throw new DomainError("auth.invalidInput", { message: checked.error.issues[0]?.message });
  // The value as sent: a falsy one that is not "no target" (0, false) is refused as it always was.
  if (endpoint.returnTo && !isOwnLinkTarget(input[endpoint.returnTo], acceptedOrigins(c.get("deps").env, c.req.raw))) {
    throw new DomainError("auth.foreignLinkTarget");
  }
  const { email } = checked.data;
  c.set("input", checked.data);
  c.set("email", typeof email === "string" ? normalizeEmail(email) : null);
  await next();
});
