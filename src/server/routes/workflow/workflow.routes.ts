import { Hono } from "hono";
import type { Workflow } from "../../../shared/plan/contracts.ts";
import type { AuthedEnv } from "../../context.ts";
import { requireUser } from "../../middleware/session.ts";
import { readPlanChallenges } from "../quiz/plan-read.ts";
import { latestAnalyzedResponse } from "./latest-plan.ts";

/** The challenge workflow loads from the server, so it survives a reload. */
export const workflowRoutes = new Hono<AuthedEnv>().use(requireUser).get("/", async (c) => {
  const db = c.var.deps.database.db;
  const response = await latestAnalyzedResponse(db, c.var.user.id);
  const body: Workflow = response
    ? {
        quizResponseId: response.id,
        missionStatement: response.missionStatement,
        challenges: await readPlanChallenges(db, c.var.user.id, response.id, { acceptedOnly: true }),
      }
    : { quizResponseId: null, missionStatement: null, challenges: [] };
  return c.json(body, 200);
});
