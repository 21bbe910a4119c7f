import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partners, proofs, runValidations } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { planContextFor } from "./plan-context.ts";

/** What a plan may know besides his answers is read from his rows alone (issues 25 and 54). */
describe("the context of a plan", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function provedRun(userId: string, activity: { distanceMeters: number; paceSecondsPerKm: number } | null) {
    const [run] = await t.db
      .insert(runValidations)
      .values({ userId, previousMaxDuration: null, todayDuration: 45, notes: "Easy along the river." })
      .returning({ id: runValidations.id });
    if (activity) {
      await t.db.insert(proofs).values({
        userId,
        runValidationId: run!.id,
        kind: "activity",
        activity: {
          format: "fit",
          startedAt: "2030-01-01T07:00:00Z",
          movingSeconds: 2700,
          elapsedSeconds: 2760,
          route: [],
          ...activity,
        },
      });
    }
  }

  it("issue 54: carries the run he proved, with the distance and pace of its file, and no one else's", async () => {
    const [measured, typed, none] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await provedRun(measured.id, { distanceMeters: 8120, paceSecondsPerKm: 333 });
    await provedRun(typed.id, null);

    expect((await planContextFor(t.db, measured.id)).run).toEqual({
      minutes: 45,
      previousMaxMinutes: null,
      notes: "Easy along the river.",
      distanceMeters: 8120,
      paceSecondsPerKm: 333,
    });
    expect((await planContextFor(t.db, typed.id)).run).toEqual({
      minutes: 45,
      previousMaxMinutes: null,
      notes: "Easy along the river.",
      distanceMeters: null,
      paceSecondsPerKm: null,
    });
    expect(await planContextFor(t.db, none.id)).toEqual({ run: null });
  });

  it("carries his confirmed partner beside his run", async () => {
    const user = await t.createUser();
    await provedRun(user.id, null);
    await t.db.insert(partners).values({
      userId: user.id,
      firstName: "Sam",
      email: `partner-${user.id.toLowerCase()}@example.com`,
      tokenHash: `context-${user.id}`,
      invitedAt: new Date("2030-01-01T00:00:00Z"),
      acceptedAt: new Date("2030-01-01T01:00:00Z"),
    });
    const context = await planContextFor(t.db, user.id);
    expect(context.partnerFirstName).toBe("Sam");
    expect(context.run?.minutes).toBe(45);
  });
});
