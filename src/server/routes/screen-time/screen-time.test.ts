import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { milestones, screenTimeDays } from "#server/db/schema.ts";
import type { ScreenTimeOverview } from "#shared/screen-time/contracts.ts";
import { screenTimeMessages } from "#shared/screen-time/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * His screen time (issue 55). The tests live on Wednesday 13 March 2030, 23:30 UTC: already Thursday 14 March in
 * Berlin, where he lives, so "today" is his date, not the server's.
 */
const NOW = new Date("2030-03-13T23:30:00Z");
const ZONE = "Europe/Berlin";

describe("screen time (GET /api/screen-time, PUT and DELETE /api/screen-time/days/:day)", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(NOW);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function berliner() {
    const user = await t.createUser();
    await user.api.reminders.settings.$patch({ json: { timeZone: ZONE } });
    return user;
  }

  async function overview(user: TestUser): Promise<ScreenTimeOverview> {
    const response = await user.api["screen-time"].$get();
    expect(response.status).toBe(200);
    return response.json();
  }

  const checkIn = (user: TestUser, day: string, json: Record<string, unknown>) =>
    user.api["screen-time"].days[":day"].$put({
      param: { day },
      json: { period: "day", source: "typed", ...json } as never,
    });

  it("tells a man without a check-in to add one, and draws twelve empty weeks on his clock", async () => {
    const user = await berliner();
    const first = await overview(user);
    expect(first.today).toBe("2030-03-14");
    expect(first.summary).toEqual({ startingPoint: null, latest: null, takenBack: null, checkInDue: true });
    expect(first.weeks).toHaveLength(12);
    expect(first.weeks.at(-1)).toEqual({ monday: "2030-03-11", minutes: null, checkIns: 0, milestones: 0 });
  });

  it("compares his starting point with the average of his recent check-ins: the hours a day he took back", async () => {
    const user = await berliner();
    expect((await checkIn(user, "2030-02-20", { minutes: 6 * 60 + 20 })).status).toBe(200);
    // Two weeks later, read from a screenshot of the week's daily average, with the top apps he kept.
    const read = await checkIn(user, "2030-03-10", {
      minutes: 5 * 60,
      period: "week",
      source: "screenshot",
      topApps: [
        { name: "Instagram", minutes: 95 },
        { name: "YouTube", minutes: 70 },
      ],
    });
    expect(await read.json()).toEqual({
      day: "2030-03-10",
      minutes: 300,
      period: "week",
      source: "screenshot",
      topApps: [
        { name: "Instagram", minutes: 95 },
        { name: "YouTube", minutes: 70 },
      ],
    });
    await checkIn(user, "2030-03-14", { minutes: 4 * 60 });

    const { summary, weeks, days } = await overview(user);
    expect(summary).toEqual({
      startingPoint: { day: "2030-02-20", minutes: 380 },
      latest: { day: "2030-03-14", minutes: 240 },
      // 380 − (300 + 240) / 2
      takenBack: { minutesPerDay: 110, basedOn: 2 },
      checkInDue: false,
    });
    expect(days.map((d) => d.day)).toEqual(["2030-03-14", "2030-03-10", "2030-02-20"]);
    expect(weeks.find((w) => w.monday === "2030-03-11")).toMatchObject({ minutes: 240, checkIns: 1 });
    // Sunday 10 March belongs to the week of Monday 4 March.
    expect(weeks.find((w) => w.monday === "2030-03-04")).toMatchObject({ minutes: 300, checkIns: 1 });
    expect(weeks.find((w) => w.monday === "2030-02-18")).toMatchObject({ minutes: 380, checkIns: 1 });
  });

  it("says so honestly when his phone takes more than at the start", async () => {
    const user = await berliner();
    await checkIn(user, "2030-03-01", { minutes: 180 });
    await checkIn(user, "2030-03-13", { minutes: 240 });
    expect((await overview(user)).summary.takenBack).toEqual({ minutesPerDay: -60, basedOn: 1 });
  });

  it("replaces a day's check-in only when he confirmed it (409 first), and keeps the first until then", async () => {
    const user = await berliner();
    await checkIn(user, "2030-03-12", { minutes: 200 });
    const again = await checkIn(user, "2030-03-12", { minutes: 250 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: screenTimeMessages.dayTaken });
    expect((await overview(user)).days).toMatchObject([{ day: "2030-03-12", minutes: 200 }]);
    const replaced = await checkIn(user, "2030-03-12", { minutes: 250, replace: true, source: "screenshot" });
    expect(replaced.status).toBe(200);
    expect((await overview(user)).days).toMatchObject([{ day: "2030-03-12", minutes: 250, source: "screenshot" }]);
  });

  it("refuses what cannot be true with a clear message and saves nothing", async () => {
    const user = await berliner();
    const refusals: [string, Record<string, unknown>, string][] = [
      ["2030-03-13", { minutes: 24 * 60 + 1 }, screenTimeMessages.overADay],
      ["2030-03-13", { minutes: -5 }, screenTimeMessages.noMinutes],
      ["2030-03-13", { minutes: 90.5 }, screenTimeMessages.noMinutes],
      ["2030-03-13", { minutes: "6h" }, screenTimeMessages.noMinutes],
      // Tomorrow on his clock; the day before yesterday's server date is fine, 36 days back is not.
      ["2030-03-15", { minutes: 60 }, screenTimeMessages.futureDay],
      ["2030-02-06", { minutes: 60 }, screenTimeMessages.tooOld],
      ["14-03-2030", { minutes: 60 }, "Please choose a valid date"],
      [
        "2030-03-13",
        { minutes: 60, topApps: Array.from({ length: 6 }, (_, i) => ({ name: `App ${i}`, minutes: 10 })) },
        "At most 5 apps",
      ],
    ];
    for (const [day, json, message] of refusals) {
      const response = await checkIn(user, day, json);
      expect(response.status, `${day} ${JSON.stringify(json)}`).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
    // The API takes numbers only: a picture sent along is refused, not stored.
    const picture = await checkIn(user, "2030-03-13", {
      minutes: 60,
      screenshot: "data:image/png;base64,iVBORw0KGgo=",
    });
    expect(picture.status).toBe(400);
    expect(await t.db.select().from(screenTimeDays).where(eq(screenTimeDays.userId, user.id))).toEqual([]);
  });

  it("counts the milestones he finished each week beside it", async () => {
    const { user, plan } = await t.userWithPlan();
    await user.api.reminders.settings.$patch({ json: { timeZone: ZONE } });
    const milestoneId = plan.challenges[0]?.milestones[0]?.id ?? "";
    // Sunday 10 March, 23:30 in Berlin: that week's, not this one's.
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date("2030-03-10T22:30:00Z") })
      .where(eq(milestones.id, milestoneId));
    const { weeks } = await overview(user);
    expect(weeks.find((w) => w.monday === "2030-03-04")?.milestones).toBe(1);
    expect(weeks.find((w) => w.monday === "2030-03-11")?.milestones).toBe(0);
  });

  it("never shows or removes another man's check-in", async () => {
    const owner = await berliner();
    const other = await berliner();
    await checkIn(owner, "2030-03-13", { minutes: 300 });
    expect((await overview(other)).days).toEqual([]);
    const removal = await other.api["screen-time"].days[":day"].$delete({ param: { day: "2030-03-13" } });
    expect(removal.status).toBe(404);
    expect((await overview(owner)).days).toHaveLength(1);
    expect((await owner.api["screen-time"].days[":day"].$delete({ param: { day: "2030-03-13" } })).status).toBe(204);
    expect((await overview(owner)).days).toEqual([]);
  });

  it("goes into his data export and with his account", async () => {
    const user = await berliner();
    await checkIn(user, "2030-03-13", { minutes: 300 });
    const file = (await (await user.api.me.data.$get()).json()) as { tables: Record<string, { rows: unknown[] }> };
    expect(file.tables.screen_time_days?.rows).toMatchObject([{ day: "2030-03-13", minutes: 300, source: "typed" }]);
  });

  it("asks for a session", async () => {
    expect((await t.request("/api/screen-time")).status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
