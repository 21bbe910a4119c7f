import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runValidations, todos, userBadges } from "#server/db/schema.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { recordTypedRun } from "../onboarding/onboarding.ts";
import { updateMilestone } from "../plan/milestones.ts";
import { toggleTodo } from "../plan/todos.ts";

/**
 * Issue 57 row 6: the services that complete a win award its badges, so a caller other than today's routes (a fifth
 * way to finish a win) cannot forget them. These call the services directly, no route in between; before the move
 * the routes awarded and these found no badge.
 */
describe("the services that complete a win award its badges", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const held = async (userId: string) =>
    (await t.db.select().from(userBadges).where(eq(userBadges.userId, userId))).map((b) => b.badgeId).sort();

  it("awards at his typed run, a milestone completed by hand and one completed by its last todo", async () => {
    const { user, plan } = await t.userWithPlan();
    await t.db.delete(runValidations).where(eq(runValidations.userId, user.id));
    const wins = { db: t.db, log: captureLog("error").logger };

    await acceptedChallengeMinutesAgo(t.db, user.id, 60);
    const run = { previousMaxDuration: 20, todayDuration: 25, notes: "Longer than ever." };
    expect((await recordTypedRun(wins, user.id, run)).created).toBe(true);
    expect(await held(user.id)).toEqual(["first-run"]);

    const [byHand, byTodo, last] = plan.challenges[0]!.milestones;
    await updateMilestone(wins, user.id, byHand!.id, { milestoneCompleted: true });
    expect(await held(user.id)).toEqual(["first-milestone", "first-run"]);

    const [todo] = await t.db
      .insert(todos)
      .values({ milestoneId: byTodo!.id, userId: user.id, todoDescription: "Run 8 km" })
      .returning();
    await updateMilestone(wins, user.id, last!.id, { milestoneCompleted: true });
    // Two of three: the challenge is finished only when its last todo completes the last milestone.
    expect(await held(user.id)).toEqual(["first-milestone", "first-run"]);
    await toggleTodo(wins, user.id, todo!.id, true);
    expect(await held(user.id)).toEqual(["challenge-finished", "first-milestone", "first-run"]);
  });

  it("keeps the win and logs a failed award instead of failing the request", async () => {
    const { user, plan } = await t.userWithPlan();
    const log = captureLog("error");
    // A database that refuses the award's first read: the win's own transaction is the real one.
    const failing = new Proxy(t.db, {
      get: (db, key) =>
        key === "select"
          ? () => {
              throw new Error("connection lost");
            }
          : Reflect.get(db, key),
    });
    const milestone = plan.challenges[0]!.milestones[0]!;
    const wins = { db: failing, log: log.logger };
    const saved = await updateMilestone(wins, user.id, milestone.id, { milestoneCompleted: true });
    expect(saved.milestone.milestoneCompleted).toBe(true);
    expect(log.text()).toContain("could not award badges after a win");
  });
});
