import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runValidations } from "#server/db/schema.ts";
import { runWindowMessages } from "#shared/run-challenge/contracts.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { acceptedChallengeMinutesAgo } from "#tests/support/builders/onboarding.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

describe("run challenge API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("needs a session", async () => {
    const response = await t.api.onboarding.$get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication error. Please try again." });
  });

  it("starts empty, then records the acceptance once and the stated maximum with its target", async () => {
    const user = await t.createUser();
    const empty = await (await user.api.onboarding.$get()).json();
    expect(empty).toEqual({
      challengeAcceptedAt: null,
      maxDurationMinutes: null,
      targetMinutes: null,
      runValidation: null,
      latestQuiz: null,
    });

    const first = await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 45 } });
    expect(first.status).toBe(200);
    const accepted = await first.json();
    expect(accepted.maxDurationMinutes).toBe(45);
    expect(accepted.targetMinutes).toBe(68); // 1.5 × 45 = 67.5, rounded up
    expect(Date.now() - Date.parse(accepted.challengeAcceptedAt ?? "")).toBeLessThan(60_000);

    await new Promise((r) => setTimeout(r, 20));
    const again = await (await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: null } })).json();
    expect(again.challengeAcceptedAt).toBe(accepted.challengeAcceptedAt); // the countdown does not restart
    expect(again.maxDurationMinutes).toBeNull();
    expect(again.targetMinutes).toBe(60); // never ran
  });

  it.each([
    [0, "Please enter a valid duration (at least 1 minute)"],
    [1.5, "Please enter a valid duration (at least 1 minute)"],
    ["90", "Please enter a valid duration (at least 1 minute)"],
    [1441, "Duration cannot exceed 1440 minutes (24 hours)"],
  ])("rejects maximum %j with the SPEC message", async (value, message) => {
    const user = await t.createUser();
    // Deliberately outside the request type: the server must refuse what a typed client cannot send.
    const response = await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: value as number } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    const state = await (await user.api.onboarding.$get()).json();
    expect(state.challengeAcceptedAt).toBeNull();
  });

  it.each([
    [
      { previousMaxDuration: null, todayDuration: 0, notes: "Felt endless." },
      "Please enter a valid duration (at least 1 minute)",
    ],
    [{ previousMaxDuration: null, notes: "Felt endless." }, "Today's duration is required"],
    [{ previousMaxDuration: 0, todayDuration: 70, notes: "Felt endless." }, "Please enter a valid duration"],
    [{ previousMaxDuration: null, todayDuration: 70, notes: "   " }, "Please share your thoughts about the challenge"],
    [{ previousMaxDuration: null, todayDuration: 70, notes: "  too short " }, "Please write at least 10 characters"],
  ])("rejects the run validation %j", async (body, message) => {
    const user = await t.createUser();
    const response = await user.api.onboarding["run-validation"].$post({ json: body as never });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    const me = await (await user.api.me.$get()).json();
    expect(me.onboarding?.runValidated).toBe(false);
  });

  it("issue 35: accepts a run sent without the previous longest run (he never ran), storing none", async () => {
    const user = await t.createUser();
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    const response = await user.api.onboarding["run-validation"].$post({
      json: { todayDuration: 62, notes: "First run of my life, slow but steady." },
    });
    expect(response.status).toBe(201);
    expect((await response.json()).runValidation).toMatchObject({ previousMaxDuration: null, todayDuration: 62 });
  });

  it("stores the run validation once, trimmed, and marks onboarding done", async () => {
    const user = await t.createUser();
    await acceptedChallengeMinutesAgo(t.db, user.id, 90);
    const body = { previousMaxDuration: 40, todayDuration: 65, notes: "  Legs burned, head was quiet.  " };
    const first = await user.api.onboarding["run-validation"].$post({ json: body });
    expect(first.status).toBe(201);
    const { runValidation, created } = await first.json();
    expect(created).toBe(true);
    expect(runValidation).toMatchObject({
      previousMaxDuration: 40,
      todayDuration: 65,
      notes: "Legs burned, head was quiet.",
    });

    const second = await user.api.onboarding["run-validation"].$post({ json: { ...body, todayDuration: 99 } });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ runValidation, created: false });

    const me = await (await user.api.me.$get()).json();
    expect(me.onboarding?.runValidated).toBe(true);
    const state = await (await user.api.onboarding.$get()).json();
    expect(state.runValidation).toEqual(runValidation);
  });

  it("issue 53 row 2: a typed run longer than the time since he accepted is refused with a message, nothing stored", async () => {
    const acceptedAt = new Date("2026-11-28T07:00:00.000Z");
    const undo = useFixedClock(acceptedAt);
    try {
      const user = await t.createUser();
      const body = { previousMaxDuration: 40, todayDuration: 52, notes: "Legs burned, head was quiet." };
      // Before accepting there is no run to type: the same answer as a file gets.
      const early = await user.api.onboarding["run-validation"].$post({ json: body });
      expect(early.status).toBe(409);
      expect(await early.json()).toEqual({ error: runWindowMessages.notAccepted });

      await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 40 } });
      const tenSecondsLater = await user.api.onboarding["run-validation"].$post({ json: body });
      expect(tenSecondsLater.status).toBe(400);
      expect(await tenSecondsLater.json()).toEqual({
        error:
          "You accepted the challenge less than a minute ago. Go for your run first, then come back and validate it.",
      });

      vi.setSystemTime(new Date(acceptedAt.getTime() + 30 * 60_000 + 10_000));
      const halfAnHourLater = await user.api.onboarding["run-validation"].$post({ json: body });
      expect(halfAnHourLater.status).toBe(400);
      expect(await halfAnHourLater.json()).toEqual({
        error:
          "You accepted the challenge 30 minutes ago, so the run you type can be 30 minutes at most. Enter the minutes you really ran, or upload the file from your watch or running app.",
      });
      expect(await t.db.select().from(runValidations).where(eq(runValidations.userId, user.id))).toEqual([]);

      vi.setSystemTime(new Date(acceptedAt.getTime() + 52 * 60_000 + 30_000));
      const justLongEnough = await user.api.onboarding["run-validation"].$post({ json: body });
      expect(justLongEnough.status).toBe(201);
      expect((await justLongEnough.json()).runValidation).toMatchObject({ todayDuration: 52, activity: null });
    } finally {
      undo();
    }
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
