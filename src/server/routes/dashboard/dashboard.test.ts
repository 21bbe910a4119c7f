import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, todos } from "#server/db/schema.ts";
import { addDays } from "#shared/time.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

describe("GET /api/dashboard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is empty for a new user", async () => {
    const user = await t.createUser({ firstName: "Sam" });
    expect(await (await user.api.dashboard.$get()).json()).toEqual({
      firstName: "Sam",
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tokens: { remaining: 5, unlimited: false },
      mission: null,
      challenges: [],
      addChallenge: null,
      screenTime: { startingPoint: null, latest: null, takenBack: null, checkInDue: true },
    });
    expect((await t.api.dashboard.$get()).status).toBe(401);
  });

  it("carries his screen-time number in the same request (issue 55): starting point, taken back, no check-in due", async () => {
    const user = await t.createUser();
    const { today } = await (await user.api.dashboard.$get()).json();
    const checkIn = (day: string, minutes: number) =>
      user.api["screen-time"].days[":day"].$put({ param: { day }, json: { minutes, period: "day", source: "typed" } });
    await checkIn(addDays(today, -20), 400);
    await checkIn(addDays(today, -9), 330);
    await checkIn(addDays(today, -2), 290);
    expect((await (await user.api.dashboard.$get()).json()).screenTime).toEqual({
      startingPoint: { day: addDays(today, -20), minutes: 400 },
      latest: { day: addDays(today, -2), minutes: 290 },
      takenBack: { minutesPerDay: 90, basedOn: 2 },
      checkInDue: false,
    });
  });

  it("shows only the accepted challenges' dated milestones", async () => {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const [accepted, other] = plan.challenges;
    await user.api.challenges[":id"].$patch({ param: { id: accepted!.id }, json: { challengeAccepted: true } });

    // Accepted but no deadlines yet: not on the dashboard.
    let dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.challenges).toEqual([]);
    expect(dashboard.mission?.lifeMission).toBe(plan.lifeMission);

    const [first] = accepted!.milestones;
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await user.api.milestones[":id"].$patch({ param: { id: first!.id }, json: { milestoneDeadline: deadline } });
    // A deadline on a challenge that is not accepted changes nothing on the dashboard.
    await user.api.milestones[":id"].$patch({
      param: { id: other!.milestones[0]!.id },
      json: { milestoneDeadline: deadline },
    });
    await t.db.insert(todos).values({ milestoneId: first!.id, userId: user.id, todoDescription: "Buy sandpaper" });

    dashboard = await (await user.api.dashboard.$get()).json();
    expect(dashboard.firstName).toBe("Marcus");
    expect(dashboard.challenges).toHaveLength(1);
    expect(dashboard.challenges[0]?.id).toBe(accepted!.id);
    expect(dashboard.challenges[0]?.milestones).toEqual([
      expect.objectContaining({
        id: first!.id,
        milestoneType: "immediate",
        milestoneDeadline: `${deadline}T23:59:59.000Z`,
        todos: [expect.objectContaining({ todoDescription: "Buy sandpaper", todoCompleted: false })],
      }),
    ]);
  });

  it("shows unlimited tokens for premium and never another user's plan", async () => {
    const { user } = await t.userWithPlan();
    await t.db.update(profiles).set({ tokensRemaining: -1 }).where(eq(profiles.id, user.id));
    const stranger = await t.createUser();
    const mine = await (await user.api.dashboard.$get()).json();
    expect(mine.tokens).toEqual({ remaining: -1, unlimited: true });
    const theirs = await (await stranger.api.dashboard.$get()).json();
    expect(theirs.mission).toBeNull();
  });

  it("issue 35 row 1: offers a premium member his next challenge while he has room and one is not accepted", async () => {
    const { user, plan } = await t.userWithPlan();
    const accept = (id: string) =>
      user.api.challenges[":id"].$patch({ param: { id }, json: { challengeAccepted: true } });
    const add = async () => (await (await user.api.dashboard.$get()).json()).addChallenge;
    const [first, second, third] = plan.challenges;
    await accept(first!.id);
    // Free: no entry.
    expect(await add()).toBeNull();

    await t.db.update(profiles).set({ tokensRemaining: -1 }).where(eq(profiles.id, user.id));
    expect(await add()).toEqual({ responseId: plan.id, active: 1, max: 3 });
    await accept(second!.id);
    expect(await add()).toEqual({ responseId: plan.id, active: 2, max: 3 });
    await accept(third!.id);
    expect(await add()).toBeNull();
  });

  it("shows every field of the plan's challenge, milestones in plan order, todos in the order they were made", async () => {
    const { user, plan } = await t.userWithPlan();
    const challenge = plan.challenges[1]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const days = [9, 4, 6];
    const deadlines = challenge.milestones.map((_, i) =>
      new Date(Date.now() + days[i]! * 86_400_000).toISOString().slice(0, 10),
    );
    // Dated last milestone first: the dashboard keeps the plan's order (immediate, short, medium), not the saving order.
    for (const i of [2, 0, 1]) {
      const milestoneDeadline = deadlines[i]!;
      await user.api.milestones[":id"].$patch({
        param: { id: challenge.milestones[i]!.id },
        json: { milestoneDeadline },
      });
    }
    const first = challenge.milestones[0]!;
    await t.db.insert(todos).values(
      ["Third", "First", "Second"].map((todoDescription, i) => ({
        milestoneId: first.id,
        userId: user.id,
        todoDescription,
        position: [2, 0, 1][i]!,
        todoCompleted: todoDescription === "Second",
      })),
    );

    const dashboard = await (await user.api.dashboard.$get()).json();
    const { milestones, ...fields } = challenge;
    expect(dashboard.challenges).toEqual([
      {
        ...fields,
        challengeAccepted: true,
        milestones: milestones.map((m, i) => ({
          ...m,
          milestoneDeadline: `${deadlines[i]}T23:59:59.000Z`,
          proof: null,
          // Nothing is missed yet: no re-plan offered, none used (issue 27).
          replan: null,
          replansUsed: 0,
          todos: i === 0 ? [expect.anything(), expect.anything(), expect.anything()] : [],
        })),
      },
    ]);
    expect(
      dashboard.challenges[0]!.milestones[0]!.todos.map((todo) => [todo.todoDescription, todo.todoCompleted]),
    ).toEqual([
      ["First", false],
      ["Second", true],
      ["Third", false],
    ]);
    expect(dashboard.mission).toEqual({
      lifeMission: plan.lifeMission,
      missionStatement: plan.missionStatement,
      vision: plan.vision,
      screenToActionPlan: plan.screenToActionPlan,
      accountabilityFramework: plan.accountabilityFramework,
    });
  });

  it("tops a free balance from an earlier month up to 5, as spending would, and shows this month's as it is (issue 24 #2)", async () => {
    const user = await t.createUser();
    await t.db.update(profiles).set({ tokensRemaining: 1, tokensPeriod: "2000-01" }).where(eq(profiles.id, user.id));
    expect((await (await user.api.dashboard.$get()).json()).tokens).toEqual({ remaining: 5, unlimited: false });
    // The test and the server read one standing clock: run over the midnight that ends a month, they still agree.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const thisMonth = new Date().toISOString().slice(0, 7);
      await t.db.update(profiles).set({ tokensRemaining: 1, tokensPeriod: thisMonth }).where(eq(profiles.id, user.id));
      expect((await (await user.api.dashboard.$get()).json()).tokens).toEqual({ remaining: 1, unlimited: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("says which day it is on his calendar: the zone his browser last reported, UTC until it has", async () => {
    // Half past eleven at night in London, already the next morning in Auckland, still the afternoon in Los Angeles.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-03-01T23:30:00Z") });
    try {
      const user = await t.createUser();
      const today = async () => (await (await user.api.dashboard.$get()).json()).today;
      expect(await today()).toBe("2031-03-01");
      await user.api.reminders.settings.$patch({ json: { timeZone: "Pacific/Auckland" } });
      expect(await today()).toBe("2031-03-02");
      await user.api.reminders.settings.$patch({ json: { timeZone: "America/Los_Angeles" } });
      expect(await today()).toBe("2031-03-01");
    } finally {
      vi.useRealTimers();
    }
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
