import { and, asc, eq, inArray } from "drizzle-orm";
import type { Dashboard, DashboardChallenge } from "../../../shared/dashboard/contracts.ts";
import type { Db } from "../../db/client.ts";
import { todos } from "../../db/schema.ts";
import { latestAnalyzedResponse } from "../plan/latest-plan.ts";
import { missionOf, readPlanChallenges } from "../plan/plan-read.ts";
import { toTodo } from "../plan/todos.ts";
import { tokenBalance } from "../tokens/tokens.ts";

/** Everything the first dashboard view shows, in one read. */
export async function readDashboard(db: Db, user: { id: string; firstName: string }): Promise<Dashboard> {
  const [response, tokens] = await Promise.all([latestAnalyzedResponse(db, user.id), tokenBalance(db, user.id)]);
  return {
    firstName: user.firstName,
    tokens,
    mission: response ? missionOf(response) : null,
    challenges: response ? await readDashboardChallenges(db, user.id, response.id) : [],
  };
}

/**
 * The dashboard's challenges: accepted ones that have at least one milestone with a deadline, with only those
 * milestones, each with its todos (SPEC.md section 5).
 */
async function readDashboardChallenges(db: Db, userId: string, quizResponseId: string): Promise<DashboardChallenge[]> {
  const accepted = await readPlanChallenges(db, userId, quizResponseId, { acceptedOnly: true });
  const dated = accepted
    .map((challenge) => ({ ...challenge, milestones: challenge.milestones.filter((m) => m.milestoneDeadline) }))
    .filter((challenge) => challenge.milestones.length > 0);
  const milestoneIds = dated.flatMap((c) => c.milestones.map((m) => m.id));
  const todoRows =
    milestoneIds.length === 0
      ? []
      : await db
          .select()
          .from(todos)
          .where(and(eq(todos.userId, userId), inArray(todos.milestoneId, milestoneIds)))
          .orderBy(asc(todos.position), asc(todos.createdAt));
  return dated.map((challenge) => ({
    ...challenge,
    milestones: challenge.milestones.map((milestone) => ({
      ...milestone,
      todos: todoRows.filter((t) => t.milestoneId === milestone.id).map(toTodo),
    })),
  }));
}
