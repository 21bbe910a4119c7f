import { expect, test } from "vitest";
import type { StravaActivity } from "#shared/strava/contracts.ts";
import { arrivedPhrase, runPhrase, sportWord, whenPhrase } from "./run-phrase.ts";

// Local dates: the phrases are on his clock, whatever the machine's zone. Saturday 14 March 2026, 19:30.
const now = new Date(2026, 2, 14, 19, 30);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

test("names the run by the part of his day it started in", () => {
  const reading = { distanceMeters: 8_240, startedAt: at(14, 7, 12).toISOString() };
  expect(runPhrase(reading, now)).toBe("Your 8.2 km run from this morning");
  expect(whenPhrase(at(14, 13), now)).toBe("from this afternoon");
  expect(whenPhrase(at(14, 18), now)).toBe("from this evening");
  expect(whenPhrase(at(14, 3), now)).toBe("from last night");
  expect(whenPhrase(at(13, 19), now)).toBe("from yesterday evening");
  expect(whenPhrase(at(13, 6), now)).toBe("from yesterday morning");
  expect(whenPhrase(at(13, 23), now)).toBe("from last night");
  expect(whenPhrase(at(10, 18), now)).toBe("on Tuesday");
  expect(whenPhrase(at(2, 18), now)).toBe("on 2 March");
});

test("counts calendar days, not 24-hour spans", () => {
  // 00:10 on Sunday: the run 40 minutes earlier was yesterday evening.
  expect(whenPhrase(at(14, 21, 30), new Date(2026, 2, 15, 0, 10))).toBe("from yesterday evening");
});

test("says Strava's sports in plain words", () => {
  expect(sportWord("Run")).toBe("run");
  expect(sportWord("TrailRun")).toBe("trail run");
  expect(sportWord("EBikeRide")).toBe("e-bike ride");
  expect(sportWord("")).toBe("activity");
});

test("an arrived activity by its clock time, with its distance when it was read", () => {
  const ride: StravaActivity = {
    id: "1",
    name: "Morning Ride",
    sport: "Ride",
    startedAt: at(14, 8, 10).toISOString(),
    outcome: "refused",
    reason: "A ride is not a run.",
    reading: null,
    milestone: null,
  };
  expect(arrivedPhrase(ride, now)).toBe("Your ride from 08:10");
  const reading = {
    format: "gpx" as const,
    startedAt: ride.startedAt ?? "",
    distanceMeters: 12_000,
    movingSeconds: 2_400,
    elapsedSeconds: 2_500,
    paceSecondsPerKm: 200,
    route: [],
  };
  expect(arrivedPhrase({ ...ride, reading }, now)).toBe("Your 12.0 km ride from 08:10");
  expect(arrivedPhrase({ ...ride, startedAt: at(13, 8, 10).toISOString() }, now)).toBe(
    "Your ride from yesterday 08:10",
  );
});
