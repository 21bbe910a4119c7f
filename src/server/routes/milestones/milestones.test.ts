import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { milestones, todos } from "../../db/schema.ts";
import { userWithPlan } from "../quiz/quiz-test-helpers.ts";

function day(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe("milestone API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (path: string, cookie: string, body: unknown) => t.request(path, { method: "PATCH", cookie, body });

  it("stores a date-only deadline as that day 23:59:59.000Z and edits the description", async () => {
    const { user, plan } = await userWithPlan(t);
    const id = plan.challenges[0]!.milestones[0]!.id;
    const response = await patch(`/api/milestones/${id}`, user.cookie, {
      milestoneDeadline: day(3),
      milestoneDescription: "  Sand and oil the first table ",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).milestone).toMatchObject({
      id,
      milestoneDeadline: `${day(3)}T23:59:59.000Z`,
      milestoneDescription: "Sand and oil the first table",
    });
    const cleared = await patch(`/api/milestones/${id}`, user.cookie, { milestoneDeadline: null });
    expect((await cleared.json()).milestone.milestoneDeadline).toBeNull();
  });

  it("rejects past and impossible dates and changes nothing", async () => {
    const { user, plan } = await userWithPlan(t);
    const id = plan.challenges[0]!.milestones[0]!.id;
    const past = await patch(`/api/milestones/${id}`, user.cookie, { milestoneDeadline: day(-2) });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ error: "The deadline cannot be in the past" });
    for (const bad of ["2026-02-30", "tomorrow", "12/01/2030"]) {
      const response = await patch(`/api/milestones/${id}`, user.cookie, { milestoneDeadline: bad });
      expect(await response.json()).toEqual({ error: "Please choose a valid date" });
    }
    const [row] = await t.db.select().from(milestones).where(eq(milestones.id, id));
    expect(row?.milestoneDeadline).toBeNull();
  });

  it("completes a milestone only when its todos are done, and un-completing resets them", async () => {
    const { user, plan } = await userWithPlan(t);
    const id = plan.challenges[0]!.milestones[1]!.id;
    await t.db.insert(todos).values([
      { milestoneId: id, userId: user.id, todoDescription: "Buy oak", todoCompleted: true },
      { milestoneId: id, userId: user.id, todoDescription: "Cut legs" },
    ]);
    const refused = await patch(`/api/milestones/${id}`, user.cookie, { milestoneCompleted: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Please complete all 1 remaining todo(s) before marking this milestone as complete.",
    });
    await t.db.update(todos).set({ todoCompleted: true }).where(eq(todos.milestoneId, id));
    expect((await patch(`/api/milestones/${id}`, user.cookie, { milestoneCompleted: true })).status).toBe(200);
    await patch(`/api/milestones/${id}`, user.cookie, { milestoneCompleted: false });
    const rows = await t.db.select().from(todos).where(eq(todos.milestoneId, id));
    expect(rows.every((r) => !r.todoCompleted)).toBe(true);
  });

  it("saves the workflow's milestones in bulk", async () => {
    const { user, plan } = await userWithPlan(t);
    const list = plan.challenges[0]!.milestones.map((m, i) => ({
      id: m.id,
      milestoneDescription: `Step ${i + 1}`,
      milestoneDeadline: day(7 * (i + 1)),
    }));
    const response = await patch("/api/milestones", user.cookie, { milestones: list });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.milestones.map((m: { milestoneDescription: string }) => m.milestoneDescription)).toEqual([
      "Step 1",
      "Step 2",
      "Step 3",
    ]);
    expect(body.milestones[2].milestoneDeadline).toBe(`${day(21)}T23:59:59.000Z`);
  });

  it("answers 404 for another user's milestone, and a bulk save with one foreign row writes nothing", async () => {
    const owner = await userWithPlan(t);
    const { user, plan } = await userWithPlan(t);
    const foreign = owner.plan.challenges[0]!.milestones[0]!.id;
    const single = await patch(`/api/milestones/${foreign}`, user.cookie, { milestoneDescription: "Hijacked" });
    expect(single.status).toBe(404);
    expect(await single.json()).toEqual({ error: "Milestone not found" });

    const mine = plan.challenges[0]!.milestones[0]!.id;
    const bulk = await patch("/api/milestones", user.cookie, {
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
    const { user, plan } = await userWithPlan(t);
    const id = plan.challenges[0]!.milestones[0]!.id;
    expect((await patch("/api/milestones", user.cookie, { milestones: [] })).status).toBe(400);
    const dup = await patch("/api/milestones", user.cookie, { milestones: [{ id }, { id }] });
    expect(await dup.json()).toEqual({ error: "Each milestone may appear only once" });
    const past = await patch("/api/milestones", user.cookie, { milestones: [{ id, milestoneDeadline: day(-3) }] });
    expect(await past.json()).toEqual({ error: "The deadline cannot be in the past" });
  });
});
