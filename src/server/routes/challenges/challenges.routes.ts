import { Hono } from "hono";
import { updateChallengeSchema } from "../../../shared/plan/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { idParam, validate } from "../../http/validation.ts";
import { updateChallenge } from "../../services/plan/challenges.ts";

/** Editing a generated challenge and accepting it, within the plan's limit of active challenges. */
export const challengeRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/:id", idParam("challenge.notFound"), validate("json", updateChallengeSchema), async (c) => {
    const { id } = c.req.valid("param");
    const challenge = await updateChallenge(c.var.deps.database.db, c.var.user.id, id, c.req.valid("json"));
    return c.json({ challenge }, 200);
  });
