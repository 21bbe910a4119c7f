import { and, asc, eq, ne } from "drizzle-orm";
import { localTime } from "../../../shared/reminders/rules.ts";
import { replanWindow } from "../../../shared/replan/rules.ts";
import type { Db } from "../../db/client.ts";
import { challenges, milestones, quizResponses, todos } from "../../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { readReminderSettings } from "../reminders/settings.ts";

/** The database or an open transaction. */
type Executor = Pick<Db, "select">;

/** A deadline's calendar day: deadlines are stored as the end of their day (SPEC.md section 9). */
export const dayOf = (deadline: Date | null) => (deadline ? deadline.toISOString().slice(0, 10) : null);

/**
 * Today on his clock: the time zone his browser told the reminders (UTC until it has), so a new date is never
 * already past where he lives.
 */
export async function todayFor(db: Db, userId: string, now: Date): Promise<string> {
  const { timeZone } = await readReminderSettings(db, userId);
  return localTime(now, timeZone ?? "UTC").date;
}

/**
 * The window a milestone's new date may use: from his tomorrow to the last date among the challenge's other
 * milestones (or an extension when the challenge has none left).
 */
export async function windowFor(db: Executor, userId: string, milestoneId: string, challengeId: string, today: string) {
  const others = await db
    .select({ deadline: milestones.milestoneDeadline })
    .from(milestones)
    .where(and(eq(milestones.challengeId, challengeId), eq(milestones.userId, userId), ne(milestones.id, milestoneId)));
  return replanWindow(
    today,
    others.map((o) => dayOf(o.deadline)),
  );
}

/** Whole days from one calendar day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What the AI is told about a missed milestone: its challenge, his mission and what he has already ticked off. */
export async function readReplanContext(db: Db, userId: string, milestoneId: string) {
  const [row] = await db
    .select({
      milestone: milestones,
      challengeTitle: challenges.title,
      challengeDescription: challenges.description,
      missionStatement: quizResponses.missionStatement,
      lifeMission: quizResponses.lifeMission,
    })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .innerJoin(quizResponses, eq(quizResponses.id, challenges.quizResponseId))
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!row) throw new DomainError("milestone.notFound");
  const list = await db
    .select({ text: todos.todoDescription, done: todos.todoCompleted })
    .from(todos)
    .where(eq(todos.milestoneId, milestoneId))
    .orderBy(asc(todos.position), asc(todos.createdAt));
  return {
    milestone: row.milestone,
    challenge: { title: row.challengeTitle, description: row.challengeDescription },
    mission: row.missionStatement ?? row.lifeMission ?? "",
    doneTodos: list.filter((t) => t.done).map((t) => t.text),
  };
}
