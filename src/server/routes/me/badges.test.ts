import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestones, runValidations, userBadges } from "#server/db/schema.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

describe("his badges (issue 40)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const badges = async (user: TestUser) => {
    const response = await user.api.me.badges.$get();
    expect(response.status).toBe(200);
    return (await response.json()).badges;
  };
  const complete = (ids: string[], done = true) =>
    t.db
      .update(milestones)
      .set({ milestoneCompleted: done, completedAt: done ? new Date() : null })
      .where(inArray(milestones.id, ids));

  it("awards each badge once it is earned, keeps it when the facts drop, and never twice", async () => {
    const { user, plan } = await t.userWithPlan();
    await t.db.delete(runValidations).where(eq(runValidations.userId, user.id));
    expect(await badges(user)).toEqual([]);

    const [first, second, third] = plan.challenges[0]!.milestones.map((m) => m.id);
    await complete([first!]);
    expect((await badges(user)).map((b) => b.id)).toEqual(["first-milestone"]);
    expect((await badges(user))[0]).toMatchObject({ title: "First milestone", earnedAt: expect.any(String) });

    // Reopened: the badge stays.
    await complete([first!], false);
    expect((await badges(user)).map((b) => b.id)).toEqual(["first-milestone"]);

    // The whole first challenge, and two of the second: five milestones and a finished challenge.
    const others = plan.challenges[1]!.milestones.slice(0, 2).map((m) => m.id);
    await complete([first!, second!, third!, ...others]);
    await t.db.insert(runValidations).values({ userId: user.id, todayDuration: 35, notes: "Longest run." });
    // Two looks at once award each badge once.
    const [a, b] = await Promise.all([badges(user), badges(user)]);
    expect(a.map((x) => x.id)).toEqual(["first-run", "first-milestone", "five-milestones", "challenge-finished"]);
    expect(b.map((x) => x.id)).toEqual(a.map((x) => x.id));
    const stored = await t.db.select().from(userBadges).where(eq(userBadges.userId, user.id));
    expect(stored).toHaveLength(4);

    // Another man sees his own, none of these.
    const other = await t.createUser();
    expect(await badges(other)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(userBadges)
        .where(and(eq(userBadges.userId, other.id), eq(userBadges.badgeId, "first-run"))),
    ).toEqual([]);
  });

  it("awards a badge at the win itself, before he looks: his run, a milestone completed by hand or by its last todo", async () => {
    const held = async (userId: string) =>
      (await t.db.select().from(userBadges).where(eq(userBadges.userId, userId))).map((b) => b.badgeId).sort();

    const { user, plan } = await t.userWithPlan();
    await acceptedChallengeMinutesAgo(t.db, user.id, 60);
    const run = await user.api.onboarding["run-validation"].$post({
      json: { previousMaxDuration: 20, todayDuration: 25, notes: "Longer than ever." },
    });
    expect(run.status).toBe(201);
    expect(await held(user.id)).toEqual(["first-run"]);

    const [byHand, byTodos] = plan.challenges[0]!.milestones;
    const before = Date.now();
    const saved = await user.api.milestones[":id"].$patch({
      param: { id: byHand!.id },
      json: { milestoneCompleted: true },
    });
    expect(saved.status).toBe(200);
    expect(await held(user.id)).toEqual(["first-milestone", "first-run"]);
    const [badge] = await t.db
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, user.id), eq(userBadges.badgeId, "first-milestone")));
    expect(badge!.earnedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Changing a milestone's words earns nothing; ticking its todos off one by one earns at the last one.
    await user.api.milestones[":id"].$patch({ param: { id: byTodos!.id }, json: { milestoneDescription: "Run 8 km" } });
    expect(await held(user.id)).toEqual(["first-milestone", "first-run"]);
    const generated = await user.api.milestones[":id"].todos.$post({ param: { id: byTodos!.id } });
    const { todos } = await generated.json();
    for (const todo of todos) {
      expect(
        (await user.api.todos[":id"].$patch({ param: { id: todo.id }, json: { todoCompleted: true } })).status,
      ).toBe(200);
    }
    // Two milestones are not five: the facts decide, the event only asks.
    expect(await held(user.id)).toEqual(["first-milestone", "first-run"]);
    const third = plan.challenges[0]!.milestones[2]!;
    await user.api.milestones[":id"].$patch({ param: { id: third.id }, json: { milestoneCompleted: true } });
    expect(await held(user.id)).toEqual(["challenge-finished", "first-milestone", "first-run"]);
  });

  it("answers 401 without a session", async () => {
    expect((await t.api.me.badges.$get()).status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
