import { Hono } from "hono";
import type { Insights } from "../../../shared/insights/contracts.ts";
import type { Streak } from "../../../shared/insights/streak.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { readInsights, readStreak } from "../../services/insights/insights.ts";

/**
 * His progress in pictures (issue 27, decision 0109): the whole insights page, and the streak alone for the dashboard,
 * which asks again after every tick and needs none of the rest.
 */
export const insightRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const insights: Insights = await readInsights(c.var.deps.database.db, c.var.user.id, new Date());
    return c.json(insights, 200);
  })
  .get("/streak", async (c) => {
    const streak: Streak = await readStreak(c.var.deps.database.db, c.var.user.id, new Date());
    return c.json(streak, 200);
  });
