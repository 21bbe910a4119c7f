import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { readPartnerEmailState, stopPartnerEmails } from "#server/services/partners/partner-notifications.ts";
import { readPartnerUnsubscribeToken } from "#server/services/partners/partner-unsubscribe-token.ts";
import type { PartnerUnsubscribeAnswer } from "#shared/partners/contracts.ts";
import { paths } from "#shared/paths.ts";
import { unsubscribeSchema } from "#shared/reminders/contracts.ts";

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
  .get(
    "/unsubscribe",
    documented({
      tag: "Partners",
      summary: "Whose plan a partner's unsubscribe link is about, for the page that asks first; changes nothing.",
      description:
        "`{inviterFirstName, emailsStopped}` for the page that asks first; changes nothing. A browser asking for HTML → 303 to `/partner/unsubscribe?token=…`. A token the server did not sign → 400 `This unsubscribe link is not valid.`; a removed partner's → 404 with the same message.",
      ok: {
        200: "`PartnerUnsubscribeAnswer`: `{inviterFirstName, emailsStopped}`",
        303: "A browser asking for HTML: to `/partner/unsubscribe?token=…`",
      },
      errors: ["partner.unsubscribeInvalid", "partner.unsubscribeUnknown"],
      public: true,
    }),
    browsersToThePage,
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.var.deps;
      const state = await readPartnerEmailState(database.db, partnerOf(env.AUTH_SECRET, c.req.valid("query").token));
      if (!state) throw new DomainError("partner.unsubscribeUnknown");
      return c.json<PartnerUnsubscribeAnswer>(state, 200);
    },
  )
  // RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" from their servers (no Origin, no cookie);
  // the page's button POSTs from our origin. Any body is ignored: the signed token alone decides. Idempotent.
  .post(
    "/unsubscribe",
    documented({
      tag: "Partners",
      summary: "RFC 8058 one-click (mail providers) and the page's button: that partner's e-mails stop.",
      description:
        "RFC 8058 one-click (mail providers POST it) and the page's button: that partner's e-mails stop, `{inviterFirstName, emailsStopped: true}`; a repeat changes nothing. 400 / 404 as above.",
      ok: { 200: "`{inviterFirstName, emailsStopped: true}`" },
      errors: ["partner.unsubscribeInvalid", "partner.unsubscribeUnknown"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.var.deps;
      const partnerId = partnerOf(env.AUTH_SECRET, c.req.valid("query").token);
      if (!(await stopPartnerEmails(database.db, partnerId, new Date()))) {
        throw new DomainError("partner.unsubscribeUnknown");
      }
      const state = await readPartnerEmailState(database.db, partnerId);
      if (!state) throw new DomainError("partner.unsubscribeUnknown");
      return c.json<PartnerUnsubscribeAnswer>(state, 200);
    },
  );
