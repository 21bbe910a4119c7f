import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { milestones, todos } from "#server/db/schema.ts";
import type { UpdateTodoRequest } from "#shared/plan/contracts.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

describe("todo API (PATCH /api/todos/:id)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const toggle = (user: TestUser, id: string, todoCompleted: UpdateTodoRequest["todoCompleted"]) =>
    user.api.todos[":id"].$patch({ param: { id }, json: { todoCompleted } });

  /** A user's milestone with its AI todos, generated the way the dashboard does. */
  async function milestoneWithTodos() {
    const { user, plan } = await t.userWithPlan();
    const milestoneId = plan.challenges[0]!.milestones[0]!.id;
    const generated = await (await user.api.milestones[":id"].todos.$post({ param: { id: milestoneId } })).json();
    if (!("todos" in generated)) throw new Error("no todos generated");
    return { user, milestoneId, todoIds: generated.todos.map((todo) => todo.id) };
  }

  async function milestoneCompleted(id: string) {
    const [row] = await t.db.select().from(milestones).where(eq(milestones.id, id));
    return row?.milestoneCompleted;
  }

  it("completes the milestone with its last todo and re-opens it when one is un-ticked", async () => {
    const { user, milestoneId, todoIds } = await milestoneWithTodos();
    const [last, ...others] = [...todoIds].reverse();
    for (const id of others) {
      const answer = await (await toggle(user, id, true)).json();
      expect(answer.todo).toMatchObject({ id, todoCompleted: true });
      expect(answer.milestone).toMatchObject({ id: milestoneId, milestoneCompleted: false });
    }
    const completing = await toggle(user, last!, true);
    expect(completing.status).toBe(200);
    expect((await completing.json()).milestone).toMatchObject({ id: milestoneId, milestoneCompleted: true });
    expect(await milestoneCompleted(milestoneId)).toBe(true);

    const reopening = await (await toggle(user, others[0]!, false)).json();
    expect(reopening.todo.todoCompleted).toBe(false);
    expect(reopening.milestone.milestoneCompleted).toBe(false);
    expect(await milestoneCompleted(milestoneId)).toBe(false);
  });

  it("stamps completed_at on the app's clock, keeps the first time on a repeat, and clears it on reopening (issue 27)", async () => {
    const { user, milestoneId, todoIds } = await milestoneWithTodos();
    const completedAt = async () => {
      const rows = await t.db.select().from(todos).where(inArray(todos.id, todoIds));
      return new Map(rows.map((row) => [row.id, row.completedAt?.getTime() ?? null]));
    };
    const milestoneCompletedAt = async () =>
      (await t.db.select().from(milestones).where(eq(milestones.id, milestoneId)))[0]?.completedAt?.getTime() ?? null;
    // A standing clock an hour behind the wall clock's: a time stamped by the database would give itself away.
    const start = Date.now() - 3_600_000;
    const undo = useFixedClock(new Date(start));
    try {
      const [first, ...others] = todoIds;
      await toggle(user, first!, true);
      const stamped = (await completedAt()).get(first!);
      expect(stamped).toBeGreaterThanOrEqual(start);
      expect(stamped).toBeLessThan(start + 60_000);
      expect([...(await completedAt()).values()].filter((v) => v !== null)).toHaveLength(1);

      // Ticked again ten minutes later: still the first time.
      vi.setSystemTime(start + 600_000);
      await toggle(user, first!, true);
      expect((await completedAt()).get(first!)).toBe(stamped);

      // Reopened, then ticked: the new time.
      await toggle(user, first!, false);
      expect((await completedAt()).get(first!)).toBeNull();
      vi.setSystemTime(start + 1_200_000);
      await toggle(user, first!, true);
      const again = (await completedAt()).get(first!);
      expect(again).toBeGreaterThanOrEqual(start + 1_200_000);

      // The last tick completes the milestone at the same moment as itself.
      for (const id of others) await toggle(user, id, true);
      const last = (await completedAt()).get(others.at(-1)!);
      expect(await milestoneCompletedAt()).toBe(last);

      // Un-completing the milestone reopens its todos, and their times go with them.
      const reopened = await user.api.milestones[":id"].$patch({
        param: { id: milestoneId },
        json: { milestoneCompleted: false },
      });
      expect(reopened.status).toBe(200);
      expect([...(await completedAt()).values()]).toEqual(todoIds.map(() => null));
      expect(await milestoneCompletedAt()).toBeNull();
    } finally {
      undo();
    }
  });

  it("never leaves a milestone completed with an open todo under parallel toggles", async () => {
    const { user, milestoneId, todoIds } = await milestoneWithTodos();
    // Every todo ticked at once: the milestone completes.
    await Promise.all(todoIds.map((id) => toggle(user, id, true)));
    expect(await milestoneCompleted(milestoneId)).toBe(true);
    // Half un-ticked while the other half is ticked again: it must end open.
    await Promise.all(todoIds.map((id, i) => toggle(user, id, i % 2 === 1)));
    expect(await milestoneCompleted(milestoneId)).toBe(false);
    // Every todo ticked again, together with a repeat of one: complete once more.
    await Promise.all([...todoIds, todoIds[0]!].map((id) => toggle(user, id, true)));
    const rows = await t.db.select().from(todos).where(inArray(todos.id, todoIds));
    expect(rows.every((row) => row.todoCompleted)).toBe(true);
    expect(await milestoneCompleted(milestoneId)).toBe(true);
  });

  it("answers 404 for another user's todo and changes nothing", async () => {
    const { milestoneId, todoIds } = await milestoneWithTodos();
    const stranger = await t.createUser();
    const response = await toggle(stranger, todoIds[0]!, true);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Todo not found" });
    expect((await toggle(stranger, "not-a-uuid", true)).status).toBe(404);
    const [row] = await t.db.select().from(todos).where(eq(todos.id, todoIds[0]!));
    expect(row?.todoCompleted).toBe(false);
    expect(await milestoneCompleted(milestoneId)).toBe(false);
  });

  it("validates the body and asks for a session", async () => {
    const { user, todoIds } = await milestoneWithTodos();
    const bad = await user.api.todos[":id"].$patch({
      param: { id: todoIds[0]! },
      json: { todoCompleted: "yes" } as never,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "todoCompleted must be true or false" });
    const anonymous = await t.api.todos[":id"].$patch({ param: { id: todoIds[0]! }, json: { todoCompleted: true } });
    expect(anonymous.status).toBe(401);
  });

  it("shows the todos and the auto-completed milestone on the dashboard", async () => {
    const { user, milestoneId, todoIds } = await milestoneWithTodos();
    const challengeRow = await t.db.select().from(milestones).where(eq(milestones.id, milestoneId));
    const challengeId = challengeRow[0]!.challengeId;
    await user.api.challenges[":id"].$patch({ param: { id: challengeId }, json: { challengeAccepted: true } });
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await user.api.milestones[":id"].$patch({ param: { id: milestoneId }, json: { milestoneDeadline: day } });
    for (const id of todoIds) await toggle(user, id, true);

    const dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.tokens).toEqual({ remaining: 4, unlimited: false });
    const shown = dashboard.challenges[0]!.milestones.find((m) => m.id === milestoneId)!;
    expect(shown.milestoneCompleted).toBe(true);
    expect(shown.todos.map((todo) => todo.id)).toEqual(todoIds);
    expect(shown.todos.every((todo) => todo.todoCompleted)).toBe(true);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
