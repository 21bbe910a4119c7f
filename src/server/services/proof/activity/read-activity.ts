import type { DomainErrorCode } from "#server/services/domain-error.ts";
import type { ActivityReading, ProofErrorCode, RoutePoint } from "#shared/proof/contracts.ts";
import {
  type ActivityFormat,
  FASTEST_RUN_PACE_SECONDS_PER_KM,
  MAX_ACTIVITY_AGE_DAYS,
  MAX_RUN_SPEED_KMH,
  MIN_TRACKPOINTS,
  SLOWEST_RUN_PACE_SECONDS_PER_KM,
} from "#shared/proof/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import type { DeclaredSport } from "./declared-sport.ts";
import { activityFormatOf } from "./detect-format.ts";
import { haversineMeters, projectToMeters } from "./geo.ts";
import { measureMovement, type Track } from "./movement.ts";
import { routeShape } from "./route-shape.ts";
import { counterGrowth, type DeviceTotals, deviceFigures, runningPart } from "./running-part.ts";
import { isPosition, type TrackPoint } from "./track-point.ts";

export type ActivityResult = { ok: true; activity: ActivityReading } | { ok: false; code: ProofErrorCode };

/** A watch or phone a few minutes ahead of the server is not an activity from the future. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Less than this in motion is standing about with a watch on, not an activity. */
const MIN_MOVING_METERS = 100;

const refuse = (code: ProofErrorCode): ActivityResult => ({ ok: false, code });

/** What an activity that declares another sport is refused with, for a run. */
const DECLARED_REFUSALS: Record<Exclude<DeclaredSport, "run" | "walk">, ProofErrorCode> = {
  ride: "declaredRide",
  swim: "declaredSwim",
  paddle: "declaredPaddle",
  hike: "declaredHike",
  other: "declaredOther",
};

/** The points with a time, in time order, one per instant (a second point at the same time adds nothing). */
function timedPoints(points: TrackPoint[]): Array<TrackPoint & { time: number }> {
  const timed = points.filter((point): point is TrackPoint & { time: number } => point.time != null);
  // Tracks, segments and laps come in file order, which is not always time order; sort is stable within each.
  timed.sort((a, b) => a.time - b.time);
  return timed.filter((point, i) => i === 0 || point.time > timed[i - 1]!.time);
}

function gpsTrack(points: Array<TrackPoint & { time: number }>): { track: Track; route: RoutePoint[] } {
  const lats = points.map((point) => point.lat!);
  const lons = points.map((point) => point.lon!);
  const { x, y } = projectToMeters(lats, lons);
  const start = points[0]!.time;
  const t = Float64Array.from(points, (point) => (point.time - start) / 1000);
  const step = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) step[i] = haversineMeters(lats[i - 1]!, lons[i - 1]!, lats[i]!, lons[i]!);
  return { track: { t, x, y, step }, route: routeShape(x, y) };
}

/** A treadmill's track: a straight line as long as the distance its device counted (which never runs backwards). */
function distanceTrack(points: Array<TrackPoint & { time: number }>): Track {
  const start = points[0]!.time;
  const t = Float64Array.from(points, (point) => (point.time - start) / 1000);
  const x = new Float64Array(points.length);
  const step = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) {
    step[i] = Math.max(0, points[i]!.distance! - points[i - 1]!.distance!);
    x[i] = x[i - 1]! + step[i]!;
  }
  return { t, x, y: new Float64Array(points.length), step };
}

/**
 * The refusal of an activity that declares a sport other than a run when a run is asked for, or null: a walk and no
 * sport at all are judged by pace instead (decision 0128).
 */
export function declaredRefusal(sport: DeclaredSport | null, runningPace: boolean) {
  if (!runningPace || sport == null || sport === "run" || sport === "walk") return null;
  return DECLARED_REFUSALS[sport];
}

/**
 * The checks every activity goes through, whether read from a file or from Strava (decision 0164): its age, its
 * points, its movement, the pace a run must show, and its figures (the device's totals where the track bears them
 * out, else the track's).
 */
export function checkedActivity(
  format: ActivityFormat,
  points: TrackPoint[],
  options: { now: Date; runningPace: boolean; sport: DeclaredSport | null; totals: DeviceTotals | null },
): ActivityResult {
  const timed = timedPoints(points);
  if (points.length > 0 && timed.length === 0) return refuse("noTimes");
  if (timed.length < MIN_TRACKPOINTS) return refuse("tooFewPoints");
  const startedAt = timed[0]!.time;
  const now = options.now.getTime();
  if (startedAt > now + CLOCK_SKEW_MS) return refuse("inFuture");
  if (startedAt < now - MAX_ACTIVITY_AGE_DAYS * DAY_MS) return refuse("tooOld");

  // Positions when the file has enough of them (points before the GPS fix are left out), else the distance the
  // device counted (a treadmill), else nothing shows movement.
  const positioned = timed.filter((point) => isPosition(point.lat, point.lon));
  const withDistance = timed.filter((point) => point.distance != null && point.distance >= 0);
  let track: Track;
  let route: RoutePoint[] = [];
  if (positioned.length >= MIN_TRACKPOINTS) ({ track, route } = gpsTrack(positioned));
  else if (withDistance.length >= MIN_TRACKPOINTS) track = distanceTrack(withDistance);
  else return refuse(positioned.length > 0 ? "tooFewPoints" : "notMoving");

  const movement = measureMovement(track);
  // Only a made-up distance (a TCX saying 1e308 metres) overflows; stored, it would read as null.
  if (!Number.isFinite(movement.distanceMeters)) return refuse("corrupt");
  const elapsedSeconds = (timed[timed.length - 1]!.time - startedAt) / 1000;
  const figures = deviceFigures(options.totals, track, elapsedSeconds, counterGrowth(withDistance)) ?? {
    distanceMeters: movement.distanceMeters,
    movingSeconds: movement.movingSeconds,
    measuredBy: "track" as const,
  };
  if (figures.movingSeconds <= 0 || figures.distanceMeters < MIN_MOVING_METERS) return refuse("notMoving");
  if (
    options.runningPace &&
    (movement.medianPaceSecondsPerKm < FASTEST_RUN_PACE_SECONDS_PER_KM || movement.maxSpeedKmh > MAX_RUN_SPEED_KMH)
  ) {
    return refuse("tooFast");
  }
  const pace = figures.movingSeconds / (figures.distanceMeters / 1000);
  // A file that says it is a run is believed on a slow day (a steep climb, an injury); one that does not say so must
  // be quicker than a walk in the mountains or a paddle (decision 0128).
  if (options.runningPace && options.sport !== "run" && pace > SLOWEST_RUN_PACE_SECONDS_PER_KM) {
    return refuse("tooSlow");
  }
  return {
    ok: true,
    activity: {
      format,
      startedAt: new Date(startedAt).toISOString(),
      distanceMeters: Math.round(figures.distanceMeters),
      // Down, as wholeMinutes does: 69:59.6 of motion never reads as 70 minutes.
      movingSeconds: Math.floor(figures.movingSeconds),
      elapsedSeconds: Math.round(elapsedSeconds),
      paceSecondsPerKm: Math.round(pace),
      measuredBy: figures.measuredBy,
      route,
    },
  };
}

/** Why an activity file can be refused: the refusals a route that reads one documents (decision 0111). */
export const activityFileRefusals = [
  "proof.notActivity",
  "proof.corrupt",
  "proof.noTimes",
  "proof.tooFewPoints",
  "proof.tooOld",
  "proof.inFuture",
  "proof.tooFast",
  "proof.tooSlow",
  "proof.declaredRide",
  "proof.declaredSwim",
  "proof.declaredPaddle",
  "proof.declaredHike",
  "proof.declaredOther",
  "proof.notMoving",
  "proof.tooLarge",
  "proof.tooManyPoints",
  "proof.timedOut",
] as const satisfies readonly DomainErrorCode[];

/**
 * Reads an activity file (GPX, TCX or FIT, told apart by content) into checked figures and the shape of its route,
 * or the code of why it cannot prove an activity done by `now`. With `runningPace` (a run is asked for), a file that
 * says it is another sport is refused by name, one that says nothing by a fast and a slow limit of pace, and a
 * multi-sport file is read for its running legs.
 * Never throws, whatever the bytes: anything unforeseen in a file of a known format reads as damaged.
 */
export async function readActivity(
  bytes: Uint8Array,
  options: { now: Date; runningPace: boolean },
): Promise<ActivityResult> {
  let format: ActivityFormat | null = null;
  try {
    format = activityFormatOf(bytes);
    // "strava" is no file's format: only its API's answers are read as one (strava/activity-reading.ts).
    if (format == null || format === "strava") return refuse("notActivity");
    // The parsers (Garmin's FIT SDK, an XML parser) load with the first file, in the worker that reads it, rather
    // than with the server: ~13 MB of its memory at rest (issue 58, decision 0173).
    const read =
      format === "fit"
        ? (await import("./read-fit.ts")).readFitPoints(bytes)
        : (await import("./read-xml.ts")).readXmlPoints(bytes, format);
    if (!read.ok) return refuse(read.code);
    const part = runningPart(read.points, read.legs, options.runningPace);
    const declared = declaredRefusal(part.sport, options.runningPace);
    if (declared) return refuse(declared);
    return checkedActivity(format, part.points, { ...options, sport: part.sport, totals: part.totals });
  } catch {
    return refuse(format == null ? "notActivity" : "corrupt");
  }
}
