import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import {
  dismissCheer,
  invitePartner,
  listPartners,
  removePartner,
  renewPartner,
} from "#server/services/partners/partners.ts";
import { authMessages } from "#shared/account/rules.ts";
import { invitePartnerSchema, type PartnersAnswer, partnersAnswerSchema } from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import { textMessages } from "#shared/text-rules.ts";

/**
 * His accountability partners (issue 25, decision 0106). Every answer is the whole `PartnersAnswer` as it now is, so
 * the screens replace their list with it. Another user's partner or cheer answers as an unknown id: 404.
 */
export const partnerRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get(
    "/",
    documented({
      tag: "Partners",
      summary: "His accountability partners and the cheers they sent (decision 0106).",
      description:
        "`PartnersAnswer`; `maxPartners` is his plan's (free 1, premium 3, `subscription_plans.max_partners`).",
      ok: { 200: { description: "`PartnersAnswer`", body: partnersAnswerSchema } },
    }),
    async (c) => {
      return c.json<PartnersAnswer>(await listPartners(c.get("deps").database.db, c.get("user").id, new Date()), 200);
    },
  )
  .post(
    "/invitations",
    documented({
      tag: "Partners",
      summary: "Invite a partner by e-mail.",
      description: `Body \`{firstName, email}\`. 201 \`PartnersAnswer\`, and the invitation e-mail with the link \`/partner/view/<secret>\` (expires after 14 days unless confirmed). The address is trimmed and lower-cased; addresses are compared by the mailbox they reach (\`sam+x@\` is \`sam@\`, and Gmail ignores dots). 400 \`${partnerMessages.firstNameRequired}\` / \`${partnerMessages.firstNameTooLong}\` / \`${textMessages.invisibleCharacters}\` / \`${partnerMessages.emailRequired}\` / \`${authMessages.invalidEmail}\` / \`${partnerMessages.emailIpAddress}\` / \`${partnerMessages.emailReservedDomain}\` / \`${partnerMessages.ownEmail}\`; 409 \`${partnerMessages.alreadyInvited}\` (an expired invitation to the address is renewed instead: new link, the name he typed now); 403 \`${partnerMessages.freeLimit}\` / \`${partnerMessages.premiumLimit}\` (his invitations are serialised, so parallel ones cannot pass the limit); 429 with \`Retry-After\`: \`${partnerMessages.dailyLimit}\` (his invitations and renewals together, per 24 hours: free 5, Premium 10 by default, decision 0115) / \`${partnerMessages.addressLimit}\` (3 invitations and renewals a day per mailbox from the whole app); both counted once per request that makes a link; 502 \`${partnerMessages.inviteFailed}\` (nothing kept).`,
      ok: { 201: { description: "`PartnersAnswer`", body: partnersAnswerSchema } },
      errors: [
        "partner.ownEmail",
        "partner.alreadyInvited",
        "partner.freeLimit",
        "partner.premiumLimit",
        "partner.dailyLimit",
        "partner.addressLimit",
        "partner.inviteFailed",
      ],
    }),
    validate("json", invitePartnerSchema),
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const answer = await invitePartner(
        { db: deps.database.db, mailer: deps.mailer, env: deps.env },
        user,
        c.req.valid("json"),
        new Date(),
      );
      return c.json<PartnersAnswer>(answer, 201);
    },
  )
  .delete(
    "/cheers/:id",
    documented({
      tag: "Partners",
      summary: "Dismiss a cheer.",
      description:
        "`PartnersAnswer` without that cheer (a repeat changes nothing). Another user's or an unknown id → 404 `Not found`.",
      ok: { 200: { description: "`PartnersAnswer`", body: partnersAnswerSchema } },
      errors: ["partner.cheerNotFound"],
    }),
    idParam("partner.cheerNotFound"),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json<PartnersAnswer>(
        await dismissCheer(c.get("deps").database.db, c.get("user").id, id, new Date()),
        200,
      );
    },
  )
  .delete(
    "/:id",
    documented({
      tag: "Partners",
      summary: "Remove a partner; his link answers 404 at once.",
      description: `\`PartnersAnswer\`; the partner, his cheers and deliveries are deleted, the link answers 404 at once. Another user's or an unknown id → 404 \`${partnerMessages.notFound}\``,
      ok: { 200: { description: "`PartnersAnswer`", body: partnersAnswerSchema } },
      errors: ["partner.notFound"],
    }),
    idParam("partner.notFound"),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json<PartnersAnswer>(
        await removePartner(c.get("deps").database.db, c.get("user").id, id, new Date()),
        200,
      );
    },
  )
  .post(
    "/:id/renew",
    documented({
      tag: "Partners",
      summary: "Send the partner a new link; the old one answers 404 at once.",
      description:
        "`PartnersAnswer`; a new link by e-mail, the old one answers 404 at once. An expired invitation gets another 14 days; a confirmed partner stays confirmed. Counted like an invitation (429 as above); 404 as above; 502 when the e-mail could not be sent (the new link stands; renew again).",
      ok: { 200: { description: "`PartnersAnswer`", body: partnersAnswerSchema } },
      errors: ["partner.notFound", "partner.dailyLimit", "partner.addressLimit", "partner.inviteFailed"],
    }),
    idParam("partner.notFound"),
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const { id } = c.req.valid("param");
      const answer = await renewPartner(
        { db: deps.database.db, mailer: deps.mailer, env: deps.env },
        user,
        id,
        new Date(),
      );
      return c.json<PartnersAnswer>(answer, 200);
    },
  );
