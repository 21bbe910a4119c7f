import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { readWorkflow } from "#server/services/plan/workflow.ts";
import { workflowSchema } from "#shared/plan/contracts.ts";

/** The challenge workflow loads from the server, so it survives a reload. */
export const workflowRoutes = new Hono<AuthedEnv>().use(requireUser).get(
  "/",
  documented({
    tag: "Screens",
    summary: "The challenge workflow: the accepted challenges of his latest plan.",
    description:
      "`{quizResponseId \\| null, missionStatement, challenges: accepted challenges of the latest analyzed response}`",
    ok: { 200: { description: "`{quizResponseId, missionStatement, challenges}`", body: workflowSchema } },
  }),
  async (c) => {
    return c.json(await readWorkflow(c.get("deps").database.db, c.get("user").id), 200);
  },
);
