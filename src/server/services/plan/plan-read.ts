import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, type quizResponses, todos } from "#server/db/schema.ts";
import type { Challenge, Milestone, Mission } from "#shared/plan/contracts.ts";
import { sortMilestones } from "#shared/plan/rules.ts";

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

let thirdPerson: Promise<typeof import("../ai/offline/third-person.ts")> | undefined;

/**
 * His plan as someone else reads it (his partner's page and e-mails, the cheer page): `mission` is his life mission,
 * the third-person text written with the plan, or, for a plan written before there was one, his own text with its
 * person swapped now (decision 0123); `line` is a milestone (or any line of his plan written to him): "Call your
 * father…" becomes "To call his father…" (issue 35: the partner never reads "your" about someone else's life), swapped
 * when read, so a text he edits reads right at once. The swapper (compromise) holds ~40 MB once loaded, so it is
 * loaded when a partner first reads something, not at start (issue 58, decision 0173).
 */
export async function forOthers() {
  thirdPerson ??= import("../ai/offline/third-person.ts");
  const { toThirdPerson } = await thirdPerson;
  return {
    mission: (row: Pick<typeof quizResponses.$inferSelect, "lifeMission" | "lifeMissionForOthers">) =>
      row.lifeMissionForOthers ?? (row.lifeMission ? toThirdPerson(row.lifeMission) : null),
    line: (text: string): string => toThirdPerson(text),
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
 * Milestones with the done state of their todos (never the todos' text), in plan order: what challengeProgress counts,
 * for a reader who must not see the todos themselves (his partner's page and e-mails).
 */
export async function withTodoStates<M extends { id: string; milestoneType: Milestone["milestoneType"] }>(
  db: Db,
  userId: string,
  list: M[],
): Promise<Array<M & { todos: { todoCompleted: boolean }[] }>> {
  const states =
    list.length === 0
      ? []
      : await db
          .select({ milestoneId: todos.milestoneId, todoCompleted: todos.todoCompleted })
          .from(todos)
          .where(
            and(
              eq(todos.userId, userId),
              inArray(
                todos.milestoneId,
                list.map((m) => m.id),
              ),
            ),
          );
  return sortMilestones(list).map((m) => ({
    ...m,
    todos: states.filter((t) => t.milestoneId === m.id).map(({ todoCompleted }) => ({ todoCompleted })),
  }));
}
