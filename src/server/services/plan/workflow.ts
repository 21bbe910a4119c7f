import type { Db } from "#server/db/client.ts";
import type { Workflow } from "#shared/plan/contracts.ts";
import { latestAnalyzedResponse } from "./latest-plan.ts";
import { readPlanChallenges } from "./plan-read.ts";

/** The challenge workflow: the accepted challenges of the current plan, read from the server so it survives a reload. */
export async function readWorkflow(db: Db, userId: string): Promise<Workflow> {
  const response = await latestAnalyzedResponse(db, userId);
  if (!response) return { quizResponseId: null, missionStatement: null, challenges: [] };
  return {
    quizResponseId: response.id,
    missionStatement: response.missionStatement,
    challenges: await readPlanChallenges(db, userId, response.id, { acceptedOnly: true }),
  };
}
