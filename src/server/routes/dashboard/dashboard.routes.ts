import { Hono } from "hono";
import type { Dashboard } from "../../../shared/dashboard/contracts.ts";
import type { AuthedEnv } from "../../context.ts";
import { requireUser } from "../../middleware/session.ts";
import { tokenBalance } from "../../services/tokens/tokens.ts";
import { missionOf, readDashboardChallenges } from "../quiz/plan-read.ts";
import { latestAnalyzedResponse } from "../workflow/latest-plan.ts";

/** Everything the first dashboard view shows, in one request. */
export const dashboardRoutes = new Hono<AuthedEnv>().use(requireUser).get("/", async (c) => {
  const db = c.var.deps.database.db;
  const user = c.var.user;
  const [response, tokens] = await Promise.all([latestAnalyzedResponse(db, user.id), tokenBalance(db, user.id)]);
  const body: Dashboard = {
    firstName: user.firstName,
    tokens,
    mission: response ? missionOf(response) : null,
    challenges: response ? await readDashboardChallenges(db, user.id, response.id) : [],
  };
  return c.json(body, 200);
});
