import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { milestones, profiles, runValidations, todos, users } from "#server/db/schema.ts";
import { answerPhoneDown } from "#server/services/evening/answer.ts";
import type { Insights } from "#shared/insights/contracts.ts";
import { challengeProgress } from "#shared/plan/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * GET /api/insights (issue 27, decision 0109). The tests live on Wednesday 9 January 2030, 10:00 UTC — 05:00 in New
 * York, where Marcus lives — and his history is written into completed_at as the product would have written it
 * (decision 0100), week by week:
 *
 * | week (his clock)     | ISO      | what he did                                                     |
 * |----------------------|----------|-----------------------------------------------------------------|
 * | Mon 3 Dec 2029       | 2029-W49 | a todo on Tuesday                                               |
 * | Mon 10 Dec           | 2029-W50 | a todo on Wednesday                                             |
 * | Mon 17 Dec           | 2029-W51 | nothing: his rest week                                          |
 * | Mon 24 Dec           | 2029-W52 | the other todos on Wednesday, the short-term milestone Thursday |
 * | Mon 31 Dec           | 2030-W01 | the immediate milestone at 23:30 on Sunday 6 January            |
 * | Mon 7 Jan (this one) | 2030-W02 | nothing yet                                                     |
 *
 * Sunday 23:30 in New York is Monday 04:30 UTC: on the server's clock that milestone would be this week's and a day
 * after its deadline.
 */
const NOW = new Date("2030-01-09T10:00:00Z");
const ZONE = "America/New_York";

const deadlineOn = (day: string) => new Date(`${day}T23:59:59.000Z`);

describe("insights API (GET /api/insights)", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(NOW);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function readInsights(user: TestUser): Promise<Insights> {
    const response = await user.api.insights.$get();
    expect(response.status).toBe(200);
    return response.json();
  }

  /**
   * Marcus with the history of the table above, in New York unless `zone` is null (his browser never told it); his
   * challenge and how many todos its immediate milestone has.
   */
  async function marcusWithHistory(zone: string | null = ZONE) {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    // He signed up before the twelve weeks the page draws.
    await t.db
      .update(users)
      .set({ createdAt: new Date("2029-09-03T12:00:00Z") })
      .where(eq(users.id, user.id));
    if (zone) await user.api.reminders.settings.$patch({ json: { timeZone: zone } });
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const [immediate, shortTerm, mediumTerm] = challenge.milestones;
    const generated = await (await user.api.milestones[":id"].todos.$post({ param: { id: immediate!.id } })).json();
    if (!("todos" in generated)) throw new Error("no todos generated");
    const todoIds = generated.todos.map((todo) => todo.id);
    // Ticked through the API, so the flags are the product's; the moments are then set to the history's.
    for (const id of todoIds) await user.api.todos[":id"].$patch({ param: { id }, json: { todoCompleted: true } });
    await user.api.milestones[":id"].$patch({ param: { id: shortTerm!.id }, json: { milestoneCompleted: true } });

    const [first, second, ...rest] = todoIds;
    const setTodo = (ids: string[], iso: string) =>
      t.db
        .update(todos)
        .set({ completedAt: new Date(iso) })
        .where(inArray(todos.id, ids));
    await setTodo([first!], "2029-12-04T15:00:00Z");
    await setTodo([second!], "2029-12-12T15:00:00Z");
    await setTodo(rest, "2029-12-26T15:00:00Z");
    const setMilestone = (id: string, deadline: string, completedAt: string | null) =>
      t.db
        .update(milestones)
        .set({ milestoneDeadline: deadlineOn(deadline), completedAt: completedAt ? new Date(completedAt) : null })
        .where(eq(milestones.id, id));
    // Done at 23:30 on its deadline day, his time: on time.
    await setMilestone(immediate!.id, "2030-01-06", "2030-01-07T04:30:00Z");
    // Done a week after its deadline: late.
    await setMilestone(shortTerm!.id, "2029-12-20", "2029-12-27T15:00:00Z");
    // Due yesterday and still open: overdue.
    await setMilestone(mediumTerm!.id, "2030-01-08", null);
    return { user, challenge, todoCount: todoIds.length };
  }

  it("issue 35 row 9: starts the progress lines the week he signed up, on his clock, not twelve weeks back", async () => {
    const { user } = await marcusWithHistory();
    // Monday 24 December 2029, 03:00 UTC: still Sunday the 23rd in New York, so his first week is the one before.
    await t.db
      .update(users)
      .set({ createdAt: new Date("2029-12-24T03:00:00Z") })
      .where(eq(users.id, user.id));
    const insights = await readInsights(user);
    expect(insights.progress.weeks).toEqual(["2029-12-17", "2029-12-24", "2029-12-31", "2030-01-07"]);
    expect(insights.progress.challenges[0]?.points).toHaveLength(4);
    expect(insights.progress.challenges[0]?.points.slice(-3)).toEqual([67, 67, 67]);
    // The activity grid stays a calendar of the last twelve weeks.
    expect(insights.activity).toHaveLength(12);

    // Signed up today: one week, this one.
    const newcomer = await t.createUser();
    expect((await readInsights(newcomer)).progress.weeks).toEqual(["2030-01-07"]);
  });

  it("answers his streak, activity grid, progress and deadlines on his clock", async () => {
    const { user, challenge, todoCount } = await marcusWithHistory();
    const insights = await readInsights(user);
    expect(insights.timeZone).toBe(ZONE);
    expect(insights.today).toBe("2030-01-09");

    expect(insights.streak).toMatchObject({ weeks: 5, restWeeks: 1, thisWeekDone: false, restWeekAvailable: false });
    expect(insights.streak.recent.slice(-7).map((w) => [w.week, w.status])).toEqual([
      ["2029-W48", "before"],
      ["2029-W49", "done"],
      ["2029-W50", "done"],
      ["2029-W51", "rest"],
      ["2029-W52", "done"],
      ["2030-W01", "done"],
      ["2030-W02", "current"],
    ]);

    const days = insights.activity.flatMap((week) => week.days);
    expect(insights.activity).toHaveLength(12);
    expect(insights.activity[0]?.monday).toBe("2029-10-22");
    expect(insights.activity.at(-1)?.week).toBe("2030-W02");
    const active = days.filter((d) => d.count > 0).map((d) => [d.date, d.count]);
    expect(active).toEqual([
      ["2029-12-04", 1],
      ["2029-12-12", 1],
      ["2029-12-26", todoCount - 2],
      ["2029-12-27", 1],
      ["2030-01-06", 1],
    ]);
    expect(days.filter((d) => d.today).map((d) => d.date)).toEqual(["2030-01-09"]);
    expect(days.filter((d) => d.future).map((d) => d.date)).toEqual([
      "2030-01-10",
      "2030-01-11",
      "2030-01-12",
      "2030-01-13",
    ]);

    expect(insights.progress.weeks).toEqual(insights.activity.map((week) => week.monday));
    const line = insights.progress.challenges;
    expect(line.map((c) => [c.id, c.title])).toEqual([[challenge.id, challenge.title]]);
    const third = (share: number) => Math.round((share * 100) / 3);
    expect(line[0]?.points).toEqual([
      ...Array(6).fill(0), // to 2 December
      third(1 / todoCount), // W49
      third(2 / todoCount), // W50
      third(2 / todoCount), // W51, his rest week
      67, // W52: every todo, and the short-term milestone
      67,
      67,
    ]);
    // The line ends where the dashboard's bar stands.
    const dashboard = await (await user.api.dashboard.$get()).json();
    expect(line[0]?.points.at(-1)).toBe(challengeProgress(dashboard.challenges[0]!.milestones));

    expect(insights.deadlines).toEqual({ onTime: 1, late: 1, overdue: 1, upcoming: 0 });
  });

  it("dates it all on UTC until his browser has told his time zone", async () => {
    const { user } = await marcusWithHistory(null);
    const insights = await readInsights(user);
    expect(insights.timeZone).toBe("UTC");
    // Sunday 23:30 in New York is this week's Monday in UTC, and a day after the immediate milestone's deadline. The
    // week before is then a second miss within four weeks of his rest week: on UTC's clock the streak ended there.
    expect(insights.streak).toMatchObject({ weeks: 1, restWeeks: 0, thisWeekDone: true });
    expect(insights.streak.recent.slice(-3).map((w) => w.status)).toEqual(["done", "missed", "done"]);
    expect(insights.activity.flatMap((w) => w.days).find((d) => d.date === "2030-01-07")?.count).toBe(1);
    expect(insights.deadlines).toEqual({ onTime: 0, late: 2, overdue: 1, upcoming: 0 });
  });

  it("answers the dashboard's streak alone, the same as the page's", async () => {
    const { user } = await marcusWithHistory();
    const response = await user.api.insights.streak.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual((await readInsights(user)).streak);
  });

  it("shows a new user an empty page that is all ahead of him", async () => {
    const user = await t.createUser();
    const insights = await readInsights(user);
    expect(insights.streak).toMatchObject({ weeks: 0, restWeeks: 0, thisWeekDone: false, restWeekAvailable: false });
    expect(insights.streak.recent.map((w) => w.status)).toEqual([...Array(11).fill("before"), "current"]);
    expect(insights.activity.flatMap((w) => w.days).every((d) => d.count === 0)).toBe(true);
    expect(insights.progress.challenges).toEqual([]);
    expect(insights.deadlines).toEqual({ onTime: 0, late: 0, overdue: 0, upcoming: 0 });
  });

  it("issue 53 row 7: his validated run is his first step: a 1-week streak, the run's week on his clock filled", async () => {
    const user = await t.createUser({ firstName: "Marcus" });
    await user.api.reminders.settings.$patch({ json: { timeZone: ZONE } });
    await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 50 } });
    // Accepted three hours before now, so the 80 minutes fit the time since (issue 53 row 2)...
    await t.db
      .update(profiles)
      .set({ challengeAcceptedAt: new Date("2030-01-09T07:00:00Z") })
      .where(eq(profiles.id, user.id));
    const run = await user.api.onboarding["run-validation"].$post({
      json: { previousMaxDuration: 50, todayDuration: 80, notes: "Eighty minutes without my phone. It was hard." },
    });
    expect(run.status).toBe(201);
    // ...then dated as the history has it: Sunday 21:30 in New York, already Monday on the server's clock.
    await t.db
      .update(runValidations)
      .set({ createdAt: new Date("2030-01-07T02:30:00Z") })
      .where(eq(runValidations.userId, user.id));

    const streak = await (await user.api.insights.streak.$get()).json();
    expect(streak).toMatchObject({ weeks: 1, restWeeks: 0, thisWeekDone: false, restWeekAvailable: true });
    expect(streak.recent.map((w) => w.status)).toEqual([...Array(10).fill("before"), "done", "current"]);
    expect(streak.recent.at(-2)?.monday).toBe("2029-12-31");
    expect((await readInsights(user)).streak).toEqual(streak);
  });

  it("issue 55: an evening's 'Phone down' counts for his streak, in its week on his clock, and not in his activity", async () => {
    const user = await t.createUser({ firstName: "Marcus" });
    await user.api.reminders.settings.$patch({ json: { timeZone: ZONE } });
    // Sunday 6 January 22:45 in New York (Monday 03:45 UTC): last week on his clock, this week on the server's.
    await answerPhoneDown(t.db, user.id, "2030-01-06", new Date("2030-01-07T03:45:00Z"));

    const insights = await readInsights(user);
    expect(insights.streak).toMatchObject({ weeks: 1, thisWeekDone: false });
    expect(insights.streak.recent.at(-2)).toMatchObject({ monday: "2029-12-31", status: "done" });
    expect(insights.streak).toEqual(await (await user.api.insights.streak.$get()).json());
    expect(insights.activity.flatMap((week) => week.days).every((day) => day.count === 0)).toBe(true);
  });

  it("never counts another user's work, and shows him only his own plan", async () => {
    const { user: marcus, challenge } = await marcusWithHistory();
    const before = await readInsights(marcus);
    const { user: other, plan } = await t.userWithPlan({ firstName: "Olivia" });
    const theirs = plan.challenges[0]!;
    await other.api.challenges[":id"].$patch({ param: { id: theirs.id }, json: { challengeAccepted: true } });
    await other.api.milestones.$patch({
      json: { milestones: theirs.milestones.map((m) => ({ id: m.id, milestoneDeadline: "2030-02-01" })) },
    });
    await other.api.milestones[":id"].$patch({
      param: { id: theirs.milestones[0]!.id },
      json: { milestoneCompleted: true },
    });

    const after = await readInsights(marcus);
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain(theirs.id);
    // Hers is hers alone: one thing done today, her plan's challenge, none of his weeks.
    const hers = await readInsights(other);
    expect(hers.streak).toMatchObject({ weeks: 1, thisWeekDone: true });
    expect(hers.activity.flatMap((w) => w.days).filter((d) => d.count > 0)).toEqual([
      { date: "2030-01-09", count: 1, today: true, future: false },
    ]);
    expect(hers.progress.challenges.map((c) => c.id)).toEqual([theirs.id]);
    expect(JSON.stringify(hers)).not.toContain(challenge.id);
    expect(hers.deadlines).toEqual({ onTime: 1, late: 0, overdue: 0, upcoming: 2 });
  });

  it("answers 401 without a session", async () => {
    for (const response of [await t.api.insights.$get(), await t.api.insights.streak.$get()]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Authentication error. Please try again." });
    }
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
