import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredSport } from "#server/services/proof/activity/declared-sport.ts";
import { readActivity } from "#server/services/proof/activity/read-activity.ts";
import { proofMessages, stravaMessages, stravaRefusals } from "#shared/proof/rules.ts";
import { readStravaActivity } from "./activity-reading.ts";
import { activityStreamsSchema, detailedActivitySchema } from "./strava-payloads.ts";

/** Real payloads (and two derived from real files), with their sources in tests/fixtures/strava/SOURCES.md. */
const DIR = new URL("../../../../tests/fixtures/strava/", import.meta.url);
const json = (name: string): unknown => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const activityOf = (name: string) => detailedActivitySchema.parse(json(`${name}.activity.json`));
const streamsOf = (name: string) => activityStreamsSchema.parse(json(`${name}.streams.json`));
const HOUR_MS = 60 * 60 * 1000;
/** Time is an input: each activity is read as if just after it was recorded, never against today's date. */
const after = (startDate: string, hours = 6) => new Date(Date.parse(startDate) + hours * HOUR_MS);
const asRun = (startDate: string) => ({ now: after(startDate), runningPace: true });

describe("readStravaActivity over real payloads", () => {
  it("accepts a run with its streams, with Strava's own distance and moving time, as its FIT file reads", async () => {
    const activity = activityOf("run-fenix2-derived");
    const result = readStravaActivity(activity, streamsOf("run-fenix2-derived"), asRun(activity.start_date));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.activity).toMatchObject({
      format: "strava",
      startedAt: "2015-08-15T14:45:08.000Z",
      distanceMeters: 9008,
      movingSeconds: 2832,
      measuredBy: "device",
    });
    expect(result.activity.route.length).toBeGreaterThan(10);

    const file = await readActivity(
      new Uint8Array(readFileSync(new URL("../activity/real/garmin-fenix2-run.fit", DIR))),
      asRun(activity.start_date),
    );
    if (!file.ok) throw new Error(file.code);
    // The same checks on the same run: the same figures, whichever way it came. The route differs by a metre here and
    // there: Strava's positions are rounded to six decimals.
    const { route, ...figures } = result.activity;
    const { route: fileRoute, ...fileFigures } = file.activity;
    expect({ ...figures, format: "fit" }).toEqual(fileFigures);
    expect(Math.abs(route.length - fileRoute.length)).toBeLessThanOrEqual(5);
  });

  it("accepts a treadmill run (Strava's distance, no positions) with no route", () => {
    const activity = activityOf("run-treadmill-derived");
    expect(activity.trainer).toBe(true);
    const result = readStravaActivity(activity, streamsOf("run-treadmill-derived"), asRun(activity.start_date));
    expect(result).toMatchObject({ ok: true, activity: { distanceMeters: 10630, route: [], measuredBy: "device" } });
  });

  it("refuses a ride by what Strava says it is, with or without streams (sport_type; type on a 2010 ride)", () => {
    const trainer = activityOf("ride-trainer");
    expect(readStravaActivity(trainer, null, asRun(trainer.start_date))).toEqual({ ok: false, code: "declaredRide" });
    const davis = activityOf("ride-davis");
    expect(davis.sport_type).toBeUndefined();
    expect(readStravaActivity(davis, streamsOf("ride-davis"), asRun(davis.start_date))).toEqual({
      ok: false,
      code: "declaredRide",
    });
  });

  it("reads a real ride's real streams (nulls and all) within a few percent of Strava's figures when no run is asked", () => {
    const davis = activityOf("ride-davis");
    const result = readStravaActivity(davis, streamsOf("ride-davis"), {
      now: after(davis.start_date),
      runningPace: false,
    });
    if (!result.ok) throw new Error(result.code);
    expect(Math.abs(result.activity.distanceMeters / davis.distance - 1)).toBeLessThan(0.05);
    expect(Math.abs(result.activity.movingSeconds / davis.moving_time - 1)).toBeLessThan(0.05);
    expect(result.activity.format).toBe("strava");
  });

  it("refuses a run whose streams hold no times: the marathon's real distance-only answer", () => {
    const marathon = activityOf("run-nyc-marathon");
    const streams = streamsOf("run-nyc-marathon");
    expect(streams.distance?.data.at(-1)).toBe(marathon.distance);
    expect(readStravaActivity(marathon, streams, asRun(marathon.start_date))).toEqual({ ok: false, code: "noTimes" });
  });

  it("refuses a manual entry, an old run, a run from the future, and one with no streams", () => {
    const activity = activityOf("run-fenix2-derived");
    const streams = streamsOf("run-fenix2-derived");
    const start = Date.parse(activity.start_date);
    expect(readStravaActivity({ ...activity, manual: true }, null, asRun(activity.start_date))).toEqual({
      ok: false,
      code: "manual",
    });
    expect(
      readStravaActivity(activity, streams, { now: new Date(start + 8 * 24 * HOUR_MS), runningPace: true }),
    ).toEqual({ ok: false, code: "tooOld" });
    expect(readStravaActivity(activity, streams, { now: new Date(start - HOUR_MS), runningPace: true })).toEqual({
      ok: false,
      code: "inFuture",
    });
    expect(readStravaActivity(activity, null, asRun(activity.start_date))).toEqual({ ok: false, code: "tooFewPoints" });
  });

  it("judges a run Strava calls a walk, or a workout, by its pace as a file is", () => {
    const activity = activityOf("run-fenix2-derived");
    const streams = streamsOf("run-fenix2-derived");
    for (const sport_type of ["Walk", "Workout"]) {
      expect(readStravaActivity({ ...activity, sport_type }, streams, asRun(activity.start_date)).ok).toBe(true);
    }
    expect(readStravaActivity({ ...activity, sport_type: "Hike" }, streams, asRun(activity.start_date))).toEqual({
      ok: false,
      code: "declaredHike",
    });
  });
});

describe("Strava's sports", () => {
  it.each([
    ["run", ["Run", "TrailRun", "VirtualRun"]],
    ["walk", ["Walk", "Wheelchair"]],
    ["hike", ["Hike", "Snowshoe"]],
    [
      "ride",
      [
        "Ride",
        "MountainBikeRide",
        "GravelRide",
        "EBikeRide",
        "EMountainBikeRide",
        "VirtualRide",
        "Velomobile",
        "Handcycle",
      ],
    ],
    ["swim", ["Swim"]],
    ["paddle", ["Kayaking", "Canoeing", "Rowing", "VirtualRow", "StandUpPaddling"]],
    [
      "other",
      [
        "Surfing",
        "Kitesurf",
        "Windsurf",
        "NordicSki",
        "AlpineSki",
        "BackcountrySki",
        "Snowboard",
        "IceSkate",
        "InlineSkate",
        "RollerSki",
        "Skateboard",
        "Golf",
        "Crossfit",
        "Elliptical",
        "StairStepper",
        "WeightTraining",
        "Yoga",
        "RockClimbing",
        "Sail",
        "Soccer",
        "Tennis",
        "Pickleball",
        "HighIntensityIntervalTraining",
      ],
    ],
  ])("%s: %j", (kind, names) => {
    for (const name of names) expect(declaredSport(name, "strava"), name).toBe(kind);
  });

  it("reads Strava's generic Workout as no sport, judged by pace", () => {
    expect(declaredSport("Workout", "strava")).toBeNull();
  });
});

describe("stravaMessages", () => {
  it("words every refusal a Strava activity can get for Strava, asking for no file", () => {
    for (const code of stravaRefusals) {
      expect(stravaMessages[code], code).toBeTruthy();
      expect(proofMessages[code], code).toBeTruthy();
      expect(stravaMessages[code], code).not.toMatch(/\bupload (a|the) run\b|this file/i);
    }
    expect(stravaMessages.declaredRide).toMatch(/^Strava says this is a ride, not a run\./);
  });
});
