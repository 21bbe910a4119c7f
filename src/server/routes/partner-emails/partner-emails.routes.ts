import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { clientIp } from "#server/auth/client-ip.ts";
import { createRateLimiter } from "#server/auth/rate-limit.ts";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { cheerFromPage, readCheerLink } from "#server/services/partners/cheers.ts";
import { type CheerLink, readPartnerCheerToken } from "#server/services/partners/partner-cheer-token.ts";
import { readPartnerEmailState, stopPartnerEmails } from "#server/services/partners/partner-notifications.ts";
import { readPartnerUnsubscribeToken } from "#server/services/partners/partner-unsubscribe-token.ts";
import {
  cheerSchema,
  cheerSentSchema,
  type PartnerCheerAnswer,
  type PartnerUnsubscribeAnswer,
  partnerCheerAnswerSchema,
  partnerUnsubscribeAnswerSchema,
} from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { paths } from "#shared/paths.ts";
import { unsubscribeSchema } from "#shared/reminders/contracts.ts";

/** The partner id a token names, or the refusal: 400 for a token the server did not sign. */
function partnerOf(secret: string, token: string): string {
  const partnerId = readPartnerUnsubscribeToken(secret, token);
  if (!partnerId) throw new DomainError("partner.unsubscribeInvalid");
  return partnerId;
}

/** What an e-mail's cheer link names, or its refusal: 400 not signed by us, 410 past its days (decision 0125). */
function cheerLinkOf(secret: string, token: string, now: Date): CheerLink {
  const link = readPartnerCheerToken(secret, token, now);
  if (link === "invalid") throw new DomainError("partner.cheerLinkInvalid");
  if (link === "expired") throw new DomainError("partner.cheerLinkExpired");
  return link;
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
      description: `\`{inviterFirstName, emailsStopped}\` for the page that asks first; changes nothing. A browser asking for HTML → 303 to \`/partner/unsubscribe?token=…\`. A token the server did not sign → 400 \`${partnerMessages.unsubscribeInvalid}\`; a removed partner's → 404 with the same message.`,
      ok: {
        200: {
          description: "`PartnerUnsubscribeAnswer`: `{inviterFirstName, emailsStopped}`",
          body: partnerUnsubscribeAnswerSchema,
        },
        303: "A browser asking for HTML: to `/partner/unsubscribe?token=…`",
      },
      errors: ["partner.unsubscribeInvalid", "partner.unsubscribeUnknown"],
      public: true,
    }),
    browsersToThePage,
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.get("deps");
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
      ok: { 200: { description: "`{inviterFirstName, emailsStopped: true}`", body: partnerUnsubscribeAnswerSchema } },
      errors: ["partner.unsubscribeInvalid", "partner.unsubscribeUnknown"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const partnerId = partnerOf(env.AUTH_SECRET, c.req.valid("query").token);
      if (!(await stopPartnerEmails(database.db, partnerId, new Date()))) {
        throw new DomainError("partner.unsubscribeUnknown");
      }
      const state = await readPartnerEmailState(database.db, partnerId);
      if (!state) throw new DomainError("partner.unsubscribeUnknown");
      return c.json<PartnerUnsubscribeAnswer>(state, 200);
    },
  )
  // The "Send him a cheer" button of every partner e-mail (decision 0125). Scanners and link previews open links, so
  // GET only tells the page what the cheer is about; the page's button POSTs it.
  .get(
    "/cheer",
    documented({
      tag: "Partners",
      summary: "What a partner e-mail's cheer link is about, for the page that asks first; changes nothing.",
      description:
        "`PartnerCheerAnswer`: `{inviterFirstName, partnerFirstName, milestone: {challengeTitle, milestoneType, description, completed, overdue} \\| null, cheersLeftToday}` — the milestone the e-mail told of as it now stands (null for the weekly summary, or once it left his plan). The token names the partner and the milestone, signed by the server, and expires after `CHEER_LINK_DAYS` (30). 400 `This cheer link is not valid. …` (not signed by the server); 410 `This cheer link has expired. …`; 404 `This link is not valid any more: …` (the partner was removed, or his account deleted).",
      ok: { 200: { description: "`PartnerCheerAnswer`", body: partnerCheerAnswerSchema } },
      errors: ["partner.cheerLinkInvalid", "partner.cheerLinkExpired", "partner.cheerLinkGone", "partner.notAccepted"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const now = new Date();
      const link = cheerLinkOf(env.AUTH_SECRET, c.req.valid("query").token, now);
      const answer = await readCheerLink(database.db, link, now);
      if (!answer) throw new DomainError("partner.cheerLinkGone");
      return c.json<PartnerCheerAnswer>(answer, 200);
    },
  )
  .post(
    "/cheer",
    documented({
      tag: "Partners",
      summary: "The cheer page's button: the partner's cheer reaches his dashboard, as from the partner's page.",
      description: `Body \`{text}\`. 201 \`{cheersLeftToday}\`, exactly as \`POST /api/partner-view/:token/cheers\`: the same service, the same 5 cheers per partner in 24 hours and the same per-IP limit. 400 / 410 / 404 for the link as above; 400 the cheer's own messages; 409 \`${partnerMessages.notAccepted}\`; 429 \`${partnerMessages.cheerLimit}\`; 429 \`Too many attempts. …\` with \`Retry-After\`.`,
      ok: { 201: { description: "`{cheersLeftToday}`", body: cheerSentSchema } },
      errors: [
        "partner.cheerLinkInvalid",
        "partner.cheerLinkExpired",
        "partner.cheerLinkGone",
        "partner.notAccepted",
        "partner.cheerLimit",
        "limit.tooManyRequests",
      ],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    validate("json", cheerSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const now = new Date();
      const link = cheerLinkOf(env.AUTH_SECRET, c.req.valid("query").token, now);
      const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
      const request = {
        sender: { partnerId: link.partnerId },
        text: c.req.valid("json").text,
        ip: clientIp(c, env.trustedProxyHops),
        gone: "partner.cheerLinkGone" as const,
      };
      return c.json(await cheerFromPage({ db: database.db, limiter }, request, now), 201);
    },
  );
