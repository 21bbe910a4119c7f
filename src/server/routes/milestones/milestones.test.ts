import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../../../../tests/support/test-app.ts";
import type { BulkUpdateMilestonesRequest, UpdateMilestoneRequest } from "../../../shared/plan/contracts.ts";
import { milestones, todos } from "../../db/schema.ts";

function day(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe("milestone API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (id: string, user: TestUser, json: UpdateMilestoneRequest) =>
    user.api.milestones[":id"].$patch({ param: { id }, json });
  const patchAll = (user: TestUser, json: BulkUpdateMilestonesRequest) => user.api.milestones.$patch({ json });

  it("stores a date-only deadline as that day 23:59:59.000Z and edits the description", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const response = await patch(id, user, {
      milestoneDeadline: day(3),
      milestoneDescription: "  Sand and oil the first table ",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).milestone).toMatchObject({
      id,
      milestoneDeadline: `${day(3)}T23:59:59.000Z`,
      milestoneDescription: "Sand and oil the first table",
    });
    const cleared = await patch(id, user, { milestoneDeadline: null });
    expect((await cleared.json()).milestone.milestoneDeadline).toBeNull();
  });

  it("rejects past and impossible dates and changes nothing", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const past = await patch(id, user, { milestoneDeadline: day(-2) });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ error: "The deadline cannot be in the past" });
    for (const bad of ["2026-02-30", "tomorrow", "12/01/2030"]) {
      const response = await patch(id, user, { milestoneDeadline: bad });
      expect(await response.json()).toEqual({ error: "Please choose a valid date" });
    }
    const [row] = await t.db.select().from(milestones).where(eq(milestones.id, id));
    expect(row?.milestoneDeadline).toBeNull();
  });

  it("completes a milestone only when its todos are done, and un-completing resets them", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[1]!.id;
    await t.db.insert(todos).values([
      { milestoneId: id, userId: user.id, todoDescription: "Buy oak", todoCompleted: true },
      { milestoneId: id, userId: user.id, todoDescription: "Cut legs" },
    ]);
    const refused = await patch(id, user, { milestoneCompleted: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Please complete all 1 remaining todo(s) before marking this milestone as complete.",
    });
    await t.db.update(todos).set({ todoCompleted: true }).where(eq(todos.milestoneId, id));
    expect((await patch(id, user, { milestoneCompleted: true })).status).toBe(200);
    await patch(id, user, { milestoneCompleted: false });
    const rows = await t.db.select().from(todos).where(eq(todos.milestoneId, id));
    expect(rows.every((r) => !r.todoCompleted)).toBe(true);
  });

  it("saves the workflow's milestones in bulk", async () => {
    const { user, plan } = await t.userWithPlan();
    const list = plan.challenges[0]!.milestones.map((m, i) => ({
      id: m.id,
      milestoneDescription: `Step ${i + 1}`,
      milestoneDeadline: day(7 * (i + 1)),
    }));
    const response = await patchAll(user, { milestones: list });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.milestones.map((m) => m.milestoneDescription)).toEqual(["Step 1", "Step 2", "Step 3"]);
    expect(body.milestones[2]?.milestoneDeadline).toBe(`${day(21)}T23:59:59.000Z`);
  });

  it("answers 404 for another user's milestone, and a bulk save with one foreign row writes nothing", async () => {
    const owner = await t.userWithPlan();
    const { user, plan } = await t.userWithPlan();
    const foreign = owner.plan.challenges[0]!.milestones[0]!.id;
    const single = await patch(foreign, user, { milestoneDescription: "Hijacked" });
    expect(single.status).toBe(404);
    expect(await single.json()).toEqual({ error: "Milestone not found" });

    const mine = plan.challenges[0]!.milestones[0]!.id;
    const bulk = await patchAll(user, {
      milestones: [
        { id: mine, milestoneDescription: "Changed" },
        { id: foreign, milestoneDescription: "Hijacked" },
      ],
    });
    expect(bulk.status).toBe(404);
    const rows = await t.db.select().from(milestones).where(eq(milestones.id, mine));
    expect(rows[0]?.milestoneDescription).not.toBe("Changed");
    const theirs = await t.db.select().from(milestones).where(eq(milestones.id, foreign));
    expect(theirs[0]?.milestoneDescription).not.toBe("Hijacked");
  });

  it("validates the bulk body", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    expect((await patchAll(user, { milestones: [] })).status).toBe(400);
    const dup = await patchAll(user, { milestones: [{ id }, { id }] });
    expect(await dup.json()).toEqual({ error: "Each milestone may appear only once" });
    const past = await patchAll(user, { milestones: [{ id, milestoneDeadline: day(-3) }] });
    expect(await past.json()).toEqual({ error: "The deadline cannot be in the past" });
  });
});
