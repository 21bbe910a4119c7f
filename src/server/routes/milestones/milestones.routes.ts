import { Hono } from "hono";
import { bulkUpdateMilestonesSchema, updateMilestoneSchema } from "../../../shared/plan/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { idParam, validate } from "../../http/validation.ts";
import { updateMilestone, updateMilestones } from "../../services/plan/milestones.ts";

/** Milestone texts, deadlines and completion; every row is checked to belong to the user. */
export const milestoneRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/", validate("json", bulkUpdateMilestonesSchema), async (c) => {
    const { milestones } = c.req.valid("json");
    const saved = await updateMilestones(c.var.deps.database.db, c.var.user.id, milestones);
    return c.json({ milestones: saved }, 200);
  })
  .patch("/:id", idParam("milestone.notFound"), validate("json", updateMilestoneSchema), async (c) => {
    const { id } = c.req.valid("param");
    const milestone = await updateMilestone(c.var.deps.database.db, c.var.user.id, id, c.req.valid("json"));
    return c.json({ milestone }, 200);
  });
