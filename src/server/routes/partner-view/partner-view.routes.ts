import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { clientIp } from "#server/auth/client-ip.ts";
import { createRateLimiter } from "#server/auth/rate-limit.ts";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { cheerFromPage } from "#server/services/partners/cheers.ts";
import { acceptPartnerLink, partnerProofPhoto, viewPartnerLink } from "#server/services/partners/partner-view.ts";
import {
  cheerSchema,
  cheerSentSchema,
  type PartnerViewAnswer,
  partnerViewAnswerSchema,
} from "#shared/partners/contracts.ts";
import { partnerMessages } from "#shared/partners/rules.ts";

/**
 * The link's secret is in the path: the answer is kept by no cache, indexed by no robot, and no page it leads to learns
 * the address from a Referer. Set after the handler, so refusals carry it too.
 */
const privateAnswer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("Referrer-Policy", "no-referrer");
  c.res.headers.set("X-Robots-Tag", "noindex");
});

/**
 * The partner's page (issue 25, decision 0106): no account, the link's secret is the key. A link that opens nothing
 * (unknown, removed, renewed away, an expired invitation) answers the same 404 as any unknown path.
 */
export const partnerViewRoutes = new Hono<AppEnv>()
  .use(privateAnswer)
  .get(
    "/:token",
    documented({
      tag: "Partners",
      summary: "The partner's page: no account, the link's secret is the key.",
      description:
        '`PartnerViewAnswer`: before confirming `{state: "invited", inviterFirstName, partnerFirstName}`; after, `{state: "accepted", partnerFirstName, plan: {firstName, lifeMission, progress, challenges: [{title, progress, milestones: [{milestoneType, description, deadline (YYYY-MM-DD \\| null), completed, overdue, proof}]}], screenTime: {startingPointMinutes \\| null, takenBack: {minutesPerDay, basedOn} \\| null, weeks: [{monday, minutes \\| null}]} \\| null}, cheersLeftToday}` — the accepted challenges of his current plan and, only while he allows it (`partnerSeesScreenTime`), his screen-time trend (never a day\'s check-in or an app); nothing else of his. Records when the partner last opened the page.',
      ok: { 200: { description: "`PartnerViewAnswer`", body: partnerViewAnswerSchema } },
      errors: ["partner.linkNotFound"],
      public: true,
    }),
    async (c) => {
      const answer = await viewPartnerLink(c.get("deps").database.db, c.req.param("token"), new Date());
      if (!answer) throw new DomainError("partner.linkNotFound");
      return c.json<PartnerViewAnswer>(answer, 200);
    },
  )
  .post(
    "/:token/accept",
    documented({
      tag: "Partners",
      summary: "The partner confirms the invitation.",
      description: "The accepted `PartnerViewAnswer`. A repeat keeps the first moment of confirming.",
      ok: { 200: { description: "`PartnerViewAnswer` (accepted)", body: partnerViewAnswerSchema } },
      errors: ["partner.linkNotFound"],
      public: true,
    }),
    async (c) => {
      const answer = await acceptPartnerLink(c.get("deps").database.db, c.req.param("token"), new Date());
      if (!answer) throw new DomainError("partner.linkNotFound");
      return c.json<PartnerViewAnswer>(answer, 200);
    },
  )
  .get(
    "/:token/proofs/:id/photo",
    documented({
      tag: "Partners",
      summary: "A proof photo of a milestone the partner's page shows.",
      description:
        "A proof photo of a milestone the page shows, once the partner has confirmed (`proof.photo.url` names it); anything else → 404.",
      ok: { 200: "The photo" },
      media: "image/webp",
      errors: ["partner.linkNotFound"],
      public: true,
    }),
    async (c) => {
      const { database, proofStorage } = c.get("deps");
      const { token, id } = c.req.param();
      if (!z.uuid().safeParse(id).success) throw new DomainError("partner.linkNotFound");
      const photo = await partnerProofPhoto(database.db, proofStorage, token, id, new Date());
      if (!photo) throw new DomainError("partner.linkNotFound");
      return c.body(new Uint8Array(photo.bytes), 200, { "Content-Type": photo.contentType });
    },
  )
  .post(
    "/:token/cheers",
    documented({
      tag: "Partners",
      summary: "The partner sends a cheer to his dashboard.",
      description: `Body \`{text}\`. 201 \`{cheersLeftToday}\`; the text (trimmed, otherwise as typed: plain text, never HTML) appears on his dashboard. 400 \`${partnerMessages.cheerRequired}\` / \`${partnerMessages.cheerTooLong}\`; 409 \`${partnerMessages.notAccepted}\`; 429 \`${partnerMessages.cheerLimit}\` (5 per partner in 24 hours, counted in the database); 429 \`Too many attempts. …\` with \`Retry-After\` over \`RATE_LIMIT_PARTNER_CHEER_PER_IP\`.`,
      ok: { 201: { description: "`{cheersLeftToday}`", body: cheerSentSchema } },
      errors: ["partner.notAccepted", "partner.cheerLimit", "limit.tooManyRequests", "partner.linkNotFound"],
      public: true,
    }),
    validate("json", cheerSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
      const request = {
        token: c.req.param("token"),
        text: c.req.valid("json").text,
        ip: clientIp(c, env.trustedProxyHops),
      };
      const sent = await cheerFromPage({ db: database.db, limiter }, request, new Date());
      return c.json(sent, 201);
    },
  );
