import { and, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { milestones, todos } from "#server/db/schema.ts";
import type {
  bulkUpdateMilestonesSchema,
  Milestone,
  MilestoneSaved,
  updateMilestoneSchema,
} from "#shared/plan/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { awardBadgesAfterWin, type WinDeps } from "../wins/badges.ts";
import { toMilestone } from "./plan-read.ts";
import { completedAtFor, milestoneTodos } from "./todos.ts";

type MilestoneChanges = z.output<typeof updateMilestoneSchema>;
type BulkMilestoneChanges = z.output<typeof bulkUpdateMilestonesSchema>["milestones"];

function toColumns(changes: Partial<MilestoneChanges>) {
  return {
    ...(changes.milestoneDescription !== undefined && { milestoneDescription: changes.milestoneDescription }),
    ...(changes.milestoneDeadline !== undefined && {
      milestoneDeadline: changes.milestoneDeadline === null ? null : new Date(changes.milestoneDeadline),
    }),
    ...(changes.milestoneCompleted !== undefined && {
      milestoneCompleted: changes.milestoneCompleted,
      completedAt: completedAtFor(changes.milestoneCompleted),
    }),
  };
}

/** Saves texts and deadlines of several milestones of this user: all or nothing. */
export async function updateMilestones(db: Db, userId: string, list: BulkMilestoneChanges): Promise<Milestone[]> {
  const ids = list.map((m) => m.id);
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: milestones.id })
      .from(milestones)
      .where(and(inArray(milestones.id, ids), eq(milestones.userId, userId)))
      .for("update");
    // One foreign or unknown id and nothing is written.
    if (owned.length !== ids.length) throw new DomainError("milestone.notFound");
    const rows = [];
    for (const { id, ...changes } of list) {
      const columns = toColumns(changes);
      const [row] =
        Object.keys(columns).length === 0
          ? await tx.select().from(milestones).where(eq(milestones.id, id))
          : await tx
              .update(milestones)
              .set(columns)
              .where(and(eq(milestones.id, id), eq(milestones.userId, userId)))
              .returning();
      if (!row) throw new DomainError("milestone.notFound");
      rows.push(toMilestone(row));
    }
    return rows;
  });
}

/**
 * Edits one milestone of this user. It completes only once its todos are done, and un-completing it resets them
 * (SPEC.md section 4), so the answer carries the todos as they now are. The row lock orders this after (or before)
 * any todo toggle of the same milestone.
 */
export async function updateMilestone(
  wins: WinDeps,
  userId: string,
  id: string,
  changes: MilestoneChanges,
): Promise<MilestoneSaved> {
  const saved = await wins.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(milestones)
      .where(and(eq(milestones.id, id), eq(milestones.userId, userId)))
      .for("update");
    if (!current) throw new DomainError("milestone.notFound");
    if (changes.milestoneCompleted === true && !current.milestoneCompleted) {
      const [open] = await tx
        .select({ n: count() })
        .from(todos)
        .where(and(eq(todos.milestoneId, id), eq(todos.todoCompleted, false)));
      if (open && open.n > 0) throw new DomainError("milestone.openTodos", { count: open.n });
    }
    if (changes.milestoneCompleted === false && current.milestoneCompleted) {
      await tx.update(todos).set({ todoCompleted: false, completedAt: null }).where(eq(todos.milestoneId, id));
    }
    const [row] = await tx
      .update(milestones)
      .set(toColumns(changes))
      .where(and(eq(milestones.id, id), eq(milestones.userId, userId)))
      .returning();
    if (!row) throw new DomainError("milestone.notFound");
    return { milestone: toMilestone(row), todos: await milestoneTodos(tx, id) };
  });
  // Completed by hand: a win, awarded once the change is committed.
  if (changes.milestoneCompleted) await awardBadgesAfterWin(wins, userId);
  return saved;
}
