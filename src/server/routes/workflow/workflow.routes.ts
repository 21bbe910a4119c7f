import { Hono } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { readWorkflow } from "../../services/plan/workflow.ts";

/** The challenge workflow loads from the server, so it survives a reload. */
export const workflowRoutes = new Hono<AuthedEnv>().use(requireUser).get("/", async (c) => {
  return c.json(await readWorkflow(c.var.deps.database.db, c.var.user.id), 200);
});
