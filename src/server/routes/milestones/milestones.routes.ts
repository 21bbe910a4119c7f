import { and, count, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { bulkUpdateMilestonesSchema, planMessages, updateMilestoneSchema } from "../../../shared/plan/contracts.ts";
import type { AuthedEnv } from "../../context.ts";
import { milestones, todos } from "../../db/schema.ts";
import { httpError } from "../../http-error.ts";
import { requireUser } from "../../middleware/session.ts";
import { idParam, validate } from "../onboarding/request-validation.ts";
import { toMilestone } from "../quiz/plan-read.ts";

const NOT_FOUND = "Milestone not found";

type MilestoneChanges = {
  milestoneDescription?: string;
  milestoneDeadline?: string | null;
  milestoneCompleted?: boolean;
};

function toColumns(changes: MilestoneChanges) {
  return {
    ...(changes.milestoneDescription !== undefined && { milestoneDescription: changes.milestoneDescription }),
    ...(changes.milestoneDeadline !== undefined && {
      milestoneDeadline: changes.milestoneDeadline === null ? null : new Date(changes.milestoneDeadline),
    }),
    ...(changes.milestoneCompleted !== undefined && { milestoneCompleted: changes.milestoneCompleted }),
  };
}

/** Milestone texts, deadlines and completion; every row is checked to belong to the user. */
export const milestoneRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/", validate("json", bulkUpdateMilestonesSchema), async (c) => {
    const list = c.req.valid("json").milestones;
    const userId = c.var.user.id;
    const ids = list.map((m) => m.id);
    const saved = await c.var.deps.database.db.transaction(async (tx) => {
      const owned = await tx
        .select({ id: milestones.id })
        .from(milestones)
        .where(and(inArray(milestones.id, ids), eq(milestones.userId, userId)))
        .for("update");
      // All or nothing: one foreign or unknown id and nothing is written.
      if (owned.length !== ids.length) throw httpError(404, NOT_FOUND);
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
        if (!row) throw httpError(404, NOT_FOUND);
        rows.push(toMilestone(row));
      }
      return rows;
    });
    return c.json({ milestones: saved }, 200);
  })
  .patch("/:id", idParam(NOT_FOUND), validate("json", updateMilestoneSchema), async (c) => {
    const { id } = c.req.valid("param");
    const changes = c.req.valid("json");
    const userId = c.var.user.id;
    const milestone = await c.var.deps.database.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, id), eq(milestones.userId, userId)))
        .for("update");
      if (!current) throw httpError(404, NOT_FOUND);
      if (changes.milestoneCompleted === true && !current.milestoneCompleted) {
        const [open] = await tx
          .select({ n: count() })
          .from(todos)
          .where(and(eq(todos.milestoneId, id), eq(todos.todoCompleted, false)));
        if (open && open.n > 0) throw httpError(400, planMessages.remainingTodos(open.n));
      }
      if (changes.milestoneCompleted === false && current.milestoneCompleted) {
        // SPEC.md section 4: un-completing a milestone resets its todos.
        await tx.update(todos).set({ todoCompleted: false }).where(eq(todos.milestoneId, id));
      }
      const [row] = await tx
        .update(milestones)
        .set(toColumns(changes))
        .where(and(eq(milestones.id, id), eq(milestones.userId, userId)))
        .returning();
      if (!row) throw httpError(404, NOT_FOUND);
      return toMilestone(row);
    });
    return c.json({ milestone }, 200);
  });
