import { declaredSport } from "#server/services/proof/activity/declared-sport.ts";
import {
  type ActivityResult,
  checkedActivity,
  declaredRefusal,
} from "#server/services/proof/activity/read-activity.ts";
import type { TrackPoint } from "#server/services/proof/activity/track-point.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { MAX_ACTIVITY_POINTS, type StravaRefusal, stravaRefusals } from "#shared/proof/rules.ts";
import type { ActivityStreams, DetailedActivity } from "./strava-payloads.ts";

export type StravaActivityResult = { ok: true; activity: ActivityReading } | { ok: false; code: StravaRefusal };

const isStravaRefusal = (code: string): code is StravaRefusal => (stravaRefusals as readonly string[]).includes(code);

function narrowed(result: ActivityResult): StravaActivityResult {
  if (result.ok) return result;
  // Every refusal of the checks is one a Strava activity can get; anything else would be a new check not yet worded
  // for Strava, and reads as data that could not be read rather than as a file's message.
  return { ok: false, code: isStravaRefusal(result.code) ? result.code : "corrupt" };
}

/** The streams as points: one per sample, its time Strava's seconds since the start. */
function pointsOf(startMs: number, streams: ActivityStreams): TrackPoint[] {
  const time = streams.time?.data ?? [];
  const latlng = streams.latlng?.data ?? [];
  const distance = streams.distance?.data ?? [];
  const n = Math.max(time.length, latlng.length, distance.length);
  const points: TrackPoint[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const seconds = time[i];
    const position = latlng[i];
    const counted = distance[i];
    points[i] = {
      time: seconds != null && Number.isFinite(seconds) ? startMs + seconds * 1000 : null,
      lat: position?.[0] ?? null,
      lon: position?.[1] ?? null,
      distance: counted ?? null,
      leg: 0,
    };
  }
  return points;
}

/**
 * Reads an activity from Strava (its detail and its streams) into the same checked figures and route shape an
 * activity file gives, or why it proves nothing by `now` (decision 0164). It is one leg declaring the sport Strava
 * names (`sport_type`, else the older `type`), with Strava's distance and moving time as the device's totals: the
 * same checks as a file then apply, the track bearing the totals out or replacing them. A manual entry has nothing
 * recorded to check and is refused; a treadmill run (a distance stream, no positions) is read as a file's is.
 * Nothing of the payload is kept but the reading. Never throws.
 */
export function readStravaActivity(
  activity: DetailedActivity,
  streams: ActivityStreams | null,
  options: { now: Date; runningPace: boolean },
): StravaActivityResult {
  try {
    if (activity.manual) return { ok: false, code: "manual" };
    const sport = declaredSport(activity.sport_type ?? activity.type, "strava");
    const declared = declaredRefusal(sport, options.runningPace);
    if (declared) return narrowed({ ok: false, code: declared });
    const points = pointsOf(Date.parse(activity.start_date), streams ?? {});
    if (points.length > MAX_ACTIVITY_POINTS) return { ok: false, code: "tooManyPoints" };
    const totals =
      activity.distance > 0 && activity.moving_time > 0
        ? { distanceMeters: activity.distance, timerSeconds: activity.moving_time }
        : null;
    return narrowed(checkedActivity("strava", points, { ...options, sport, totals }));
  } catch {
    return { ok: false, code: "corrupt" };
  }
}
