import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { cheerSchema, type PartnerViewAnswer } from "../../../shared/partners/contracts.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { createRateLimiter, tooManyAttemptsMessage } from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import { validate } from "../../http/validation.ts";
import { sendCheer } from "../../services/partners/cheers.ts";
import { acceptPartnerLink, partnerProofPhoto, viewPartnerLink } from "../../services/partners/partner-view.ts";

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
  .get("/:token", async (c) => {
    const answer = await viewPartnerLink(c.var.deps.database.db, c.req.param("token"), new Date());
    if (!answer) return notFound(c);
    return c.json<PartnerViewAnswer>(answer, 200);
  })
  .post("/:token/accept", async (c) => {
    const answer = await acceptPartnerLink(c.var.deps.database.db, c.req.param("token"), new Date());
    if (!answer) return notFound(c);
    return c.json<PartnerViewAnswer>(answer, 200);
  })
  .get("/:token/proofs/:id/photo", async (c) => {
    const { database, proofStorage } = c.var.deps;
    const { token, id } = c.req.param();
    if (!z.uuid().safeParse(id).success) return notFound(c);
    const photo = await partnerProofPhoto(database.db, proofStorage, token, id, new Date());
    if (!photo) return notFound(c);
    return c.body(new Uint8Array(photo.bytes), 200, { "Content-Type": photo.contentType });
  })
  .post("/:token/cheers", validate("json", cheerSchema), async (c) => {
    const { env, database } = c.var.deps;
    const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
    const now = new Date();
    // Per IP besides each partner's own daily limit: many links from one place cannot flood dashboards.
    const verdict = await limiter.consume("partnerCheer", { ip: clientIp(c, env.TRUST_PROXY) }, { now: now.getTime() });
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return c.json({ error: tooManyAttemptsMessage(verdict.retryAfterSeconds) }, 429);
    }
    const sent = await sendCheer(database.db, c.req.param("token"), c.req.valid("json").text, now);
    if (!sent) return notFound(c);
    return c.json(sent, 201);
  });
