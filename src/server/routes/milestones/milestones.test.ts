import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { milestones, profiles, todos, tokenUsage } from "#server/db/schema.ts";
import type { BulkUpdateMilestonesRequest, UpdateMilestoneRequest } from "#shared/plan/contracts.ts";
import { tokenPeriod } from "#shared/tokens/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createControllableAi } from "#tests/support/controllable-ai.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

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

  it("refuses an empty description with a clear 400 and keeps the saved text (single and bulk)", async () => {
    const { user, plan } = await t.userWithPlan();
    const milestone = plan.challenges[0]!.milestones[0]!;
    const message = { error: "A milestone needs a description. Empty text is not saved." };
    for (const empty of ["", "   \n "]) {
      const single = await patch(milestone.id, user, { milestoneDescription: empty, milestoneDeadline: day(2) });
      expect(single.status).toBe(400);
      expect(await single.json()).toEqual(message);
      const bulk = await patchAll(user, { milestones: [{ id: milestone.id, milestoneDescription: empty }] });
      expect(bulk.status).toBe(400);
      expect(await bulk.json()).toEqual(message);
    }
    const [row] = await t.db.select().from(milestones).where(eq(milestones.id, milestone.id));
    expect(row?.milestoneDescription).toBe(milestone.milestoneDescription);
    expect(row?.milestoneDeadline).toBeNull();
  });

  it("completes a milestone only when its todos are done, and un-completing resets them", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[1]!.id;
    await t.db.insert(todos).values([
      { milestoneId: id, userId: user.id, todoDescription: "Buy oak", todoCompleted: true, position: 0 },
      { milestoneId: id, userId: user.id, todoDescription: "Cut legs", position: 1 },
    ]);
    const refused = await patch(id, user, { milestoneCompleted: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Please complete all 1 remaining todo(s) before marking this milestone as complete.",
    });
    const [unchanged] = await t.db.select().from(milestones).where(eq(milestones.id, id));
    expect(unchanged?.milestoneCompleted).toBe(false);

    await t.db.update(todos).set({ todoCompleted: true }).where(eq(todos.milestoneId, id));
    const completed = await patch(id, user, { milestoneCompleted: true });
    expect(completed.status).toBe(200);
    const saved = await completed.json();
    expect(saved.milestone.milestoneCompleted).toBe(true);
    expect(saved.todos.map((todo) => [todo.todoDescription, todo.todoCompleted])).toEqual([
      ["Buy oak", true],
      ["Cut legs", true],
    ]);

    const reopened = await (await patch(id, user, { milestoneCompleted: false })).json();
    expect(reopened.milestone.milestoneCompleted).toBe(false);
    expect(reopened.todos.map((todo) => todo.todoCompleted)).toEqual([false, false]);
    const rows = await t.db.select().from(todos).where(eq(todos.milestoneId, id));
    expect(rows.every((r) => !r.todoCompleted)).toBe(true);
  });

  it("toggles a milestone without todos freely", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const done = await (await patch(id, user, { milestoneCompleted: true })).json();
    expect(done).toMatchObject({ milestone: { id, milestoneCompleted: true }, todos: [] });
    const undone = await (await patch(id, user, { milestoneCompleted: false })).json();
    expect(undone.milestone.milestoneCompleted).toBe(false);
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

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("AI todos for one token (POST /api/milestones/:id/todos)", () => {
  let t: TestApp;
  const { ai, control } = createControllableAi();
  beforeAll(async () => {
    t = await createTestApp({}, { ai });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    control.failTodos(false);
  });

  const generate = (user: TestUser, id: string) => user.api.milestones[":id"].todos.$post({ param: { id } });

  async function balanceOf(userId: string) {
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    return row!.tokensRemaining;
  }
  async function usesOf(userId: string) {
    return t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId));
  }
  async function todosOf(milestoneId: string) {
    return t.db.select().from(todos).where(eq(todos.milestoneId, milestoneId));
  }
  /**
   * His balance set as it stands, without the usage log a builder's spending would leave: these tests count the log's
   * rows (decision 0174).
   */
  async function setBalance(userId: string, tokensRemaining: number) {
    await t.db.update(profiles).set({ tokensRemaining, tokensPeriod: tokenPeriod() }).where(eq(profiles.id, userId));
  }

  it("turns the milestone, its challenge and the mission into 3-5 todos and spends one token", async () => {
    const { user, plan } = await t.userWithPlan();
    const challenge = plan.challenges[0]!;
    const milestone = challenge.milestones[1]!;
    const response = await generate(user, milestone.id);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.tokens).toEqual({ remaining: 4, unlimited: false });
    expect(body.todos.length).toBeGreaterThanOrEqual(3);
    expect(body.todos.length).toBeLessThanOrEqual(5);
    expect(body.todos.every((todo) => !todo.todoCompleted)).toBe(true);
    // The steps are this milestone's own: its first clause comes back in them (the offline writer splits it up).
    const firstClause = milestone.milestoneDescription.split(/[,.;:—]/)[0]!.trim();
    expect(body.todos.map((todo) => todo.todoDescription).join(" ")).toContain(firstClause);
    expect(control.lastTodoInput).toEqual({
      mission: plan.missionStatement,
      challenge: { title: challenge.title, description: challenge.description },
      milestone: { type: "short_term", description: milestone.milestoneDescription },
    });
    expect(await balanceOf(user.id)).toBe(4);
    expect((await usesOf(user.id)).map((use) => use.actionType)).toEqual(["magic_button"]);
    expect((await todosOf(milestone.id)).map((row) => row.id).sort()).toEqual(body.todos.map((t) => t.id).sort());
  });

  it("answers a milestone's existing todos with 200 and spends nothing again", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const first = await (await generate(user, id)).json();
    const calls = control.todoCalls;
    const again = await generate(user, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(control.todoCalls).toBe(calls);
    expect(await balanceOf(user.id)).toBe(4);
    expect(await usesOf(user.id)).toHaveLength(1);
  });

  it("generates once and spends once when ten clicks arrive together", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const calls = control.todoCalls;
    const release = control.hold();
    const clicks = Array.from({ length: 10 }, () => generate(user, id));
    // Hold the one generation until it is running, so the other clicks meet its claim.
    while (control.todoCalls === calls) await new Promise((r) => setTimeout(r, 5));
    release();
    const responses = await Promise.all(clicks);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(control.todoCalls - calls).toBe(1);
    const ids = bodies.map((b) => ("todos" in b ? b.todos.map((todo) => todo.id).join() : "refused"));
    expect(new Set(ids).size).toBe(1);
    expect(bodies.every((b) => "tokens" in b && b.tokens.remaining === 4)).toBe(true);
    expect(await todosOf(id)).toHaveLength(bodies[0] && "todos" in bodies[0] ? bodies[0].todos.length : -1);
    expect(await balanceOf(user.id)).toBe(4);
    expect(await usesOf(user.id)).toHaveLength(1);
  });

  it("spends nothing and stores nothing when the generation fails, and the next click can succeed", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[2]!.id;
    control.failTodos();
    const failed = await generate(user, id);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "Failed to generate todos. Please try again." });
    const together = await Promise.all(Array.from({ length: 5 }, () => generate(user, id)));
    expect(together.map((r) => r.status)).toEqual([502, 502, 502, 502, 502]);
    expect(await todosOf(id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(5);
    expect(await usesOf(user.id)).toHaveLength(0);

    control.failTodos(false);
    const retried = await generate(user, id);
    expect(retried.status).toBe(201);
    expect(await balanceOf(user.id)).toBe(4);
  });

  it("answers 402 'Insufficient tokens' at 0 tokens without generating anything", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    await setBalance(user.id, 0);
    const calls = control.todoCalls;
    const response = await generate(user, id);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: "Insufficient tokens" });
    expect(control.todoCalls).toBe(calls);
    expect(await todosOf(id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await usesOf(user.id)).toHaveLength(0);
  });

  it("gives the last token to one of two milestones generating together and refuses the other", async () => {
    const { user, plan } = await t.userWithPlan();
    await setBalance(user.id, 1);
    const [a, b] = plan.challenges[0]!.milestones;
    const results = await Promise.all([generate(user, a!.id), generate(user, b!.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await todosOf(a!.id)).length + (await todosOf(b!.id)).length).toBeGreaterThanOrEqual(3);
    expect((await todosOf(a!.id)).length * (await todosOf(b!.id)).length).toBe(0);
  });

  it("refuses a completed milestone with SPEC's message and spends nothing", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    await user.api.milestones[":id"].$patch({ param: { id }, json: { milestoneCompleted: true } });
    const calls = control.todoCalls;
    const response = await generate(user, id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Cannot generate todos for completed milestone" });
    expect(control.todoCalls).toBe(calls);
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("stores and spends nothing when the milestone is completed while the AI is writing", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    const calls = control.todoCalls;
    const release = control.hold();
    const pending = generate(user, id);
    while (control.todoCalls === calls) await new Promise((r) => setTimeout(r, 5));
    await user.api.milestones[":id"].$patch({ param: { id }, json: { milestoneCompleted: true } });
    release();
    const response = await pending;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Cannot generate todos for completed milestone" });
    expect(await todosOf(id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("spends nothing for premium but logs the use as magic_button", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", tokensRemaining: 0, tokensPeriod: tokenPeriod() })
      .where(eq(profiles.id, user.id));
    const response = await generate(user, id);
    expect(response.status).toBe(201);
    expect((await response.json()).tokens).toEqual({ remaining: -1, unlimited: true });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await usesOf(user.id)).map((use) => use.actionType)).toEqual(["magic_button"]);
  });

  it("takes over a claim left behind by a request that died", async () => {
    const { user, plan } = await t.userWithPlan();
    const id = plan.challenges[0]!.milestones[0]!.id;
    await t.db
      .update(milestones)
      .set({ todosClaimId: crypto.randomUUID(), todosClaimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(milestones.id, id));
    const response = await generate(user, id);
    expect(response.status).toBe(201);
    const [row] = await t.db.select().from(milestones).where(eq(milestones.id, id));
    expect(row?.todosClaimId).toBeNull();
  });

  it("answers 404 for another user's milestone and generates and spends nothing", async () => {
    const owner = await t.userWithPlan();
    const other = await t.createUser();
    const id = owner.plan.challenges[0]!.milestones[0]!.id;
    const calls = control.todoCalls;
    const response = await generate(other, id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Milestone not found" });
    expect((await generate(other, "not-a-uuid")).status).toBe(404);
    expect(control.todoCalls).toBe(calls);
    expect(await todosOf(id)).toHaveLength(0);
    expect(await balanceOf(other.id)).toBe(5);
    expect(await balanceOf(owner.user.id)).toBe(5);
    const claimed = await t.db
      .select()
      .from(milestones)
      .where(and(eq(milestones.id, id), eq(milestones.userId, owner.user.id)));
    expect(claimed[0]?.todosClaimId).toBeNull();
  });

  it("asks for a session", async () => {
    const { plan } = await t.userWithPlan();
    const response = await t.api.milestones[":id"].todos.$post({
      param: { id: plan.challenges[0]!.milestones[0]!.id },
    });
    expect(response.status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
