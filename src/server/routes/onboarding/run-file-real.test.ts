import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { proofs, runValidations } from "#server/db/schema.ts";
import { proofMessages } from "#shared/proof/rules.ts";
import { DAY_MS, MINUTE_MS } from "#shared/time.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { realActivityFile } from "#tests/support/real-activity-files.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Real files through POST /api/onboarding/run-validation/file (issue 38). Each run is put inside his 24 hours by the
 * clock rather than by rewriting the file: he accepted the challenge half an hour before the file starts and uploads
 * it two days after (decision 0100: time is an input, never today's date).
 */
const NOTES = "Real watch, real legs, real file.";

describe("a run proved by real files from watches and apps (issue 38)", () => {
  let t: TestApp;
  let undoClock: () => void;
  beforeAll(async () => {
    undoClock = useFixedClock(new Date("2026-03-16T12:00:00Z"));
    t = await createTestApp({ RATE_LIMIT_PROOF_UPLOADS_PER_USER: "0" });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  async function upload(name: string) {
    const { entry, bytes } = realActivityFile(name);
    const start = Date.parse(entry.startedAt ?? "");
    vi.setSystemTime(new Date(start - 30 * MINUTE_MS));
    const user = await t.createUser();
    expect((await user.api.onboarding.challenge.$post({ json: { maxDurationMinutes: 30 } })).status).toBe(200);
    vi.setSystemTime(new Date(start + 2 * DAY_MS));
    const response = await user.api.onboarding["run-validation"].file.$post({
      form: { file: new File([Buffer.from(bytes)], name), previousMaxDuration: "30", notes: NOTES },
    });
    return { entry, user, status: response.status, body: await response.json() };
  }

  it.each([
    // Spaces before `<?xml` (Strava's TCX export) and five laps.
    ["polar-v800-via-strava-run.tcx"],
    // 1,817 m of climbing: the watch's own distance and timer.
    ["suunto-steep-trail-run.fit"],
    // A triathlon: its running leg.
    ["garmin-fr920xt-triathlon.fit"],
    ["coros-run.fit"],
  ])("validates the run of %s with the figures the device counted", async (name) => {
    const { entry, status, body } = await upload(name);
    expect(status, JSON.stringify(body)).toBe(201);
    if (!("runValidation" in body)) throw new Error("no run stored");
    const activity = body.runValidation.activity;
    expect(activity).toMatchObject({ measuredBy: "device", distanceMeters: entry.stated?.distanceMeters });
    expect(Math.abs((activity?.movingSeconds ?? 0) - (entry.stated?.timerSeconds ?? 0))).toBeLessThanOrEqual(1);
    expect(body.runValidation.todayDuration).toBe(Math.floor((activity?.movingSeconds ?? 0) / 60));
  });

  it.each([
    ["fitbit-versa-ride.tcx", proofMessages.declaredRide],
    ["garmin-fr735xt-pool-swim.fit", proofMessages.declaredSwim],
    ["garmin-indoor-rowing.fit", proofMessages.declaredPaddle],
    ["gpsbabel-hike-partial-times.gpx", proofMessages.tooSlow],
    ["strava-swim.gpx", proofMessages.tooSlow],
    ["garmin-etrex20x-car.gpx", proofMessages.tooFast],
  ])("refuses %s with a message that says why, and stores no run", async (name, message) => {
    const { user, status, body } = await upload(name);
    expect({ status, body }).toEqual({ status: 400, body: { error: message } });
    expect(await t.db.select().from(runValidations).where(eq(runValidations.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(proofs).where(eq(proofs.userId, user.id))).toHaveLength(0);
  });
});
