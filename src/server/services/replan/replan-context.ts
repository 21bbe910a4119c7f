import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { milestones } from "#server/db/schema.ts";
import { replanWindow } from "#shared/replan/rules.ts";
import { dayOf, todayIn } from "#shared/time.ts";
import { readTimeZone } from "../clock/time-zone.ts";
import { milestoneTodos, readMilestoneForAi } from "../plan/todos.ts";

/** The database or an open transaction. */
type Executor = Pick<Db, "select">;

/**
 * Today on his clock: the time zone his browser told the reminders (UTC until it has), so a new date is never
 * already past where he lives.
 */
export async function todayFor(db: Db, userId: string, now: Date): Promise<string> {
  return todayIn(await readTimeZone(db, userId), now);
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
    others.map((o) => (o.deadline ? dayOf(o.deadline) : null)),
  );
}

/** What the AI is told about a missed milestone: its challenge, his mission and what he has already ticked off. */
export async function readReplanContext(db: Db, userId: string, milestoneId: string) {
  const context = await readMilestoneForAi(db, userId, milestoneId);
  const list = await milestoneTodos(db, milestoneId);
  return { ...context, doneTodos: list.filter((t) => t.todoCompleted).map((t) => t.todoDescription) };
}
