import { Hono } from "hono";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { readDashboard } from "../../services/dashboard/dashboard.ts";

/** Everything the first dashboard view shows, in one request. */
export const dashboardRoutes = new Hono<AuthedEnv>().use(requireUser).get("/", async (c) => {
  return c.json(await readDashboard(c.var.deps.database.db, c.var.user), 200);
});
