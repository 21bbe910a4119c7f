import { and, asc, eq, inArray } from "drizzle-orm";
import type { DashboardChallenge } from "../../../shared/dashboard/contracts.ts";
import type { Challenge, Milestone, Mission, Todo } from "../../../shared/plan/contracts.ts";
import { sortMilestones } from "../../../shared/plan/rules.ts";
import type { Db } from "../../db/client.ts";
import { challenges, milestones, type quizResponses, todos } from "../../db/schema.ts";

type ChallengeRow = typeof challenges.$inferSelect;
type MilestoneRow = typeof milestones.$inferSelect;

export function missionOf(row: typeof quizResponses.$inferSelect): Mission {
  return {
    lifeMission: row.lifeMission,
    missionStatement: row.missionStatement,
    vision: row.vision,
    screenToActionPlan: row.aiAnalysis?.screen_to_action_plan ?? null,
    accountabilityFramework: row.aiAnalysis?.accountability_tracking ?? null,
  };
}

export function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    milestoneType: row.milestoneType,
    milestoneDescription: row.milestoneDescription,
    milestoneDeadline: row.milestoneDeadline?.toISOString() ?? null,
    milestoneCompleted: row.milestoneCompleted,
  };
}

export function toChallenge(row: ChallengeRow, rows: MilestoneRow[]): Challenge {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    description: row.description,
    insight: row.insight,
    challengeAccepted: row.challengeAccepted,
    screenToAction: row.screenToAction,
    accountabilityFramework: row.accountabilityFramework,
    milestones: sortMilestones(rows.map(toMilestone)),
  };
}

/** The challenges of one quiz response with their milestones, in plan order (two queries, whatever the size). */
export async function readPlanChallenges(
  db: Db,
  userId: string,
  quizResponseId: string,
  options: { acceptedOnly?: boolean } = {},
): Promise<Challenge[]> {
  const conditions = [eq(challenges.userId, userId), eq(challenges.quizResponseId, quizResponseId)];
  if (options.acceptedOnly) conditions.push(eq(challenges.challengeAccepted, true));
  const challengeRows = await db
    .select()
    .from(challenges)
    .where(and(...conditions))
    .orderBy(asc(challenges.position), asc(challenges.createdAt));
  if (challengeRows.length === 0) return [];
  const milestoneRows = await db
    .select()
    .from(milestones)
    .where(
      and(
        eq(milestones.userId, userId),
        inArray(
          milestones.challengeId,
          challengeRows.map((r) => r.id),
        ),
      ),
    );
  return challengeRows.map((row) =>
    toChallenge(
      row,
      milestoneRows.filter((m) => m.challengeId === row.id),
    ),
  );
}

/**
 * The dashboard's challenges: accepted ones that have at least one milestone with a deadline, with only those
 * milestones, each with its todos (SPEC.md section 5).
 */
export async function readDashboardChallenges(
  db: Db,
  userId: string,
  quizResponseId: string,
): Promise<DashboardChallenge[]> {
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
      todos: todoRows
        .filter((t) => t.milestoneId === milestone.id)
        .map((t): Todo => ({ id: t.id, todoDescription: t.todoDescription, todoCompleted: t.todoCompleted })),
    })),
  }));
}
