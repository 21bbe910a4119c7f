import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { PartnerUnsubscribeAnswer } from "../../../shared/partners/contracts.ts";
import { paths } from "../../../shared/paths.ts";
import { unsubscribeSchema } from "../../../shared/reminders/contracts.ts";
import type { AppEnv } from "../../context.ts";
import { validate } from "../../http/validation.ts";
import { DomainError } from "../../services/domain-error.ts";
import { readPartnerEmailState, stopPartnerEmails } from "../../services/partners/partner-notifications.ts";
import { readPartnerUnsubscribeToken } from "../../services/partners/partner-unsubscribe-token.ts";

/** The partner id a token names, or the refusal: 400 for a token the server did not sign. */
function partnerOf(secret: string, token: string): string {
  const partnerId = readPartnerUnsubscribeToken(secret, token);
  if (!partnerId) throw new DomainError("partner.unsubscribeInvalid");
  return partnerId;
}

/**
 * A mail client that opens the List-Unsubscribe address in a browser instead of POSTing it (RFC 8058 clients POST)
 * is sent to the page with the button, which asks before it changes anything, as the reminders' address does. A
 * middleware, so the typed client sees only the JSON answer the page itself reads.
 */
const browsersToThePage = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.header("accept")?.includes("text/html")) return next();
  const token = c.req.query("token") ?? "";
  return c.redirect(`${paths.partnerUnsubscribe}?token=${encodeURIComponent(token)}`, 303);
});

/**
 * A partner's e-mails (issue 25, decision 0106): the unsubscribe link of every e-mail to an accountability partner,
 * without a session (the partner has no account). The token is the partner's id signed by the server; it travels in
 * the query, which the request log leaves out. A removed partner's link answers 404.
 */
export const partnerEmailRoutes = new Hono<AppEnv>()
  // The confirmation page asks whose plan it is about before the button is pressed: this changes nothing.
  .get("/unsubscribe", browsersToThePage, validate("query", unsubscribeSchema), async (c) => {
    const { env, database } = c.var.deps;
    const state = await readPartnerEmailState(database.db, partnerOf(env.AUTH_SECRET, c.req.valid("query").token));
    if (!state) throw new DomainError("partner.unsubscribeUnknown");
    return c.json<PartnerUnsubscribeAnswer>(state, 200);
  })
  // RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" from their servers (no Origin, no cookie);
  // the page's button POSTs from our origin. Any body is ignored: the signed token alone decides. Idempotent.
  .post("/unsubscribe", validate("query", unsubscribeSchema), async (c) => {
    const { env, database } = c.var.deps;
    const partnerId = partnerOf(env.AUTH_SECRET, c.req.valid("query").token);
    if (!(await stopPartnerEmails(database.db, partnerId, new Date()))) {
      throw new DomainError("partner.unsubscribeUnknown");
    }
    const state = await readPartnerEmailState(database.db, partnerId);
    if (!state) throw new DomainError("partner.unsubscribeUnknown");
    return c.json<PartnerUnsubscribeAnswer>(state, 200);
  });
