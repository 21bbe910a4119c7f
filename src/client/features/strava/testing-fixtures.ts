import type { StravaActivity, StravaStatus } from "#shared/strava/contracts.ts";

/** A Strava status for the component tests: connected as Marcus, nothing arrived, unless told. */
export function stravaStatus(overrides: Partial<StravaStatus> = {}): StravaStatus {
  return {
    available: true,
    local: true,
    connection: { athleteName: "Marcus Webb", connectedAt: "2026-03-02T09:00:00.000Z" },
    busy: false,
    activities: [],
    ...overrides,
  };
}

/** An activity as Strava sent it: a checked run of 8.2 km unless told. */
export function stravaActivity(overrides: Partial<StravaActivity> = {}): StravaActivity {
  const startedAt = overrides.startedAt ?? "2026-03-14T07:12:00.000Z";
  return {
    id: "9001",
    name: "Morning Run",
    sport: "Run",
    startedAt,
    outcome: "kept",
    reason: null,
    reading: {
      // "strava" once the formats name it (issue 56); the screens read it loosely (activity-source.ts).
      format: "strava" as never,
      startedAt,
      distanceMeters: 8_240,
      movingSeconds: 2_700,
      elapsedSeconds: 2_760,
      paceSecondsPerKm: 328,
      route: [],
    },
    milestone: null,
    ...overrides,
  };
}
