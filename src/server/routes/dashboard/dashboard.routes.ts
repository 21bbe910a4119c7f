import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { readDashboard } from "#server/services/dashboard/dashboard.ts";
import { dashboardSchema } from "#shared/dashboard/contracts.ts";

/** Everything the first dashboard view shows, in one request. */
export const dashboardRoutes = new Hono<AuthedEnv>().use(requireUser).get(
  "/",
  documented({
    tag: "Screens",
    summary: "Everything the dashboard shows, in one request.",
    description:
      "`{firstName, today, tokens: {remaining, unlimited}, mission \\| null, challenges}` — `today` is his calendar day in the time zone his browser last reported (UTC until then); accepted challenges with at least one dated milestone, only dated milestones, each with `todos` and `proof` (`ProofSummary \\| null`). One request.",
    ok: {
      200: { description: "`Dashboard`: `{firstName, today, tokens, mission, challenges}`", body: dashboardSchema },
    },
  }),
  async (c) => {
    return c.json(await readDashboard(c.get("deps").database.db, c.get("user")), 200);
  },
);
