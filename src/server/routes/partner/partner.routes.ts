import { Hono } from "hono";
import { invitePartnerSchema, type PartnersAnswer } from "../../../shared/partners/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { idParam, validate } from "../../http/validation.ts";
import {
  dismissCheer,
  invitePartner,
  listPartners,
  removePartner,
  renewPartner,
} from "../../services/partners/partners.ts";

/**
 * His accountability partners (issue 25, decision 0106). Every answer is the whole `PartnersAnswer` as it now is, so
 * the screens replace their list with it. Another user's partner or cheer answers as an unknown id: 404.
 */
export const partnerRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    return c.json<PartnersAnswer>(await listPartners(c.var.deps.database.db, c.var.user.id, new Date()), 200);
  })
  .post("/invitations", validate("json", invitePartnerSchema), async (c) => {
    const { deps, user } = c.var;
    const answer = await invitePartner(
      { db: deps.database.db, mailer: deps.mailer, env: deps.env },
      user,
      c.req.valid("json"),
      new Date(),
    );
    return c.json<PartnersAnswer>(answer, 201);
  })
  .delete("/cheers/:id", idParam("partner.cheerNotFound"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json<PartnersAnswer>(await dismissCheer(c.var.deps.database.db, c.var.user.id, id, new Date()), 200);
  })
  .delete("/:id", idParam("partner.notFound"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json<PartnersAnswer>(await removePartner(c.var.deps.database.db, c.var.user.id, id, new Date()), 200);
  })
  .post("/:id/renew", idParam("partner.notFound"), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid("param");
    const answer = await renewPartner(
      { db: deps.database.db, mailer: deps.mailer, env: deps.env },
      user,
      id,
      new Date(),
    );
    return c.json<PartnersAnswer>(answer, 200);
  });
