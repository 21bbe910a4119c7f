import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays } from "#shared/time.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { answersFor, DEV } from "#tests/support/personas.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { milestoneStillDue } from "./due-milestone.ts";

/** A Tuesday; every moment below is counted from it, whatever the wall clock says. */
const TODAY = "2030-01-01";
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

describe("the milestone a deadline e-mail speaks of, read again when it is sent (issue 39)", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(noon(TODAY));
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function dated(dueDay: string) {
    const { user, plan } = await t.userWithPlan();
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const milestone = challenge.milestones[0]!;
    await user.api.milestones.$patch({ json: { milestones: [{ id: milestone.id, milestoneDeadline: dueDay }] } });
    return { user, challenge, milestone, key: `${milestone.id}:${dueDay}` };
  }

  it("is due, then overdue once the due day has ended in UTC", async () => {
    const due = addDays(TODAY, 5);
    const { user, challenge, key } = await dated(due);
    expect(await milestoneStillDue(t.db, user.id, key, noon(addDays(due, -1)))).toMatchObject({
      dueDay: due,
      overdue: false,
      challengeTitle: challenge.title,
    });
    expect(await milestoneStillDue(t.db, user.id, key, noon(addDays(due, 1)))).toMatchObject({ overdue: true });
  });

  it("is no longer due once moved, completed, dropped, or for anyone else", async () => {
    const due = addDays(TODAY, 5);
    const moved = await dated(due);
    await moved.user.api.milestones.$patch({
      json: { milestones: [{ id: moved.milestone.id, milestoneDeadline: addDays(due, 2) }] },
    });
    expect(await milestoneStillDue(t.db, moved.user.id, moved.key, noon(TODAY))).toBeNull();

    const done = await dated(due);
    await done.user.api.milestones[":id"].$patch({
      param: { id: done.milestone.id },
      json: { milestoneCompleted: true },
    });
    expect(await milestoneStillDue(t.db, done.user.id, done.key, noon(TODAY))).toBeNull();

    const dropped = await dated(due);
    await dropped.user.api.challenges[":id"].$patch({
      param: { id: dropped.challenge.id },
      json: { challengeAccepted: false },
    });
    expect(await milestoneStillDue(t.db, dropped.user.id, dropped.key, noon(TODAY))).toBeNull();

    const other = await t.createUser();
    expect(await milestoneStillDue(t.db, other.id, moved.key, noon(TODAY))).toBeNull();
  });

  it("is no longer due once he has a new plan from a retake: his own reminder read the old one before", async () => {
    const due = addDays(TODAY, 5);
    const { user, key } = await dated(due);
    expect(await milestoneStillDue(t.db, user.id, key, noon(TODAY))).not.toBeNull();
    const retake = await user.api.quiz.responses.$post({ json: { answers: answersFor(DEV) } });
    const { id } = (await retake.json()) as { id: string };
    await user.api.quiz.responses[":id"].generate.$post({ param: { id } });
    expect((await t.waitForGeneration(user, id)).status).toBe("done");
    expect(await milestoneStillDue(t.db, user.id, key, noon(TODAY))).toBeNull();
  });
});
