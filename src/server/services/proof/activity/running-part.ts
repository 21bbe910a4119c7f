import type { DeclaredSport } from "./declared-sport.ts";
import type { Track } from "./movement.ts";
import type { Leg, TrackPoint } from "./track-point.ts";

/** The distance and timer the device itself counted for the part of the file that is read. */
export type DeviceTotals = { distanceMeters: number; timerSeconds: number };

/**
 * The device's distance is believed while the track's own length (every step, pauses included) is within this factor
 * of it: a footpod or a barometric watch and a phone's GPS differ by a few percent, a trail's switchbacks cut short
 * by one fix every few seconds by 10 to 20 percent; twice or half is a file whose totals are not of this track.
 */
const TRACK_AGREEMENT = 1.5;
/**
 * Where the points carry the distance the device counted so far (FIT records, TCX trackpoints), the totals must be
 * within this fraction of how far it grew: a Movescount TCX whose laps leave out the run's last kilometre is read from
 * its track instead.
 */
const COUNTER_AGREEMENT = 0.1;
/** The timer stops for pauses, so it never runs longer than the clock (a minute allowed for rounding of laps). */
const TIMER_SLACK_SECONDS = 60;

function sumTotals(legs: Leg[]): DeviceTotals | null {
  let distanceMeters = 0;
  let timerSeconds = 0;
  for (const leg of legs) {
    if (leg.distance == null || leg.timerSeconds == null || leg.distance < 0 || leg.timerSeconds < 0) return null;
    distanceMeters += leg.distance;
    timerSeconds += leg.timerSeconds;
  }
  return legs.length > 0 ? { distanceMeters, timerSeconds } : null;
}

/**
 * The part of a file that is read and the sport it declares. For a run, the legs that say they are a run, when there
 * are any (a triathlon's running leg; a watch's laps of one run); else every leg, with the sport the first leg that
 * declares one names (ride, swim, …), "walk" if one says only that, or null when none says anything.
 */
export function runningPart(
  points: TrackPoint[],
  legs: Leg[],
  forRun: boolean,
): { points: TrackPoint[]; sport: DeclaredSport | null; totals: DeviceTotals | null } {
  const running = new Set(legs.flatMap((leg, i) => (leg.sport === "run" ? [i] : [])));
  if (forRun && running.size > 0) {
    const kept = running.size === legs.length ? points : points.filter((p) => p.leg != null && running.has(p.leg));
    return { points: kept, sport: "run", totals: sumTotals(legs.filter((_, i) => running.has(i))) };
  }
  const sports = legs.map((leg) => leg.sport).filter((sport) => sport != null);
  const sport = sports.find((s) => s !== "walk") ?? sports[0] ?? null;
  return { points, sport, totals: sumTotals(legs) };
}

/**
 * How far the distance counter of the points grew, or null when they carry none. Step by step: a multi-sport watch
 * starts it again at each leg, which is no step back.
 */
export function counterGrowth(points: ReadonlyArray<Pick<TrackPoint, "distance">>): number | null {
  if (points.length < 2) return null;
  let grown = 0;
  for (let i = 1; i < points.length; i++)
    grown += Math.max(0, (points[i]!.distance ?? 0) - (points[i - 1]!.distance ?? 0));
  return grown;
}

/**
 * The device's own distance and timer when the file has them and its track agrees (issue 38 row 3: a steep climb read
 * from GPS alone looks like standing still), else null and the track's figures stand. The track checks the totals,
 * it does not replace them.
 */
export function deviceFigures(
  totals: DeviceTotals | null,
  track: Track,
  elapsedSeconds: number,
  /** How far the distance counter in the points grew, first point to last; null when they carry none. */
  counted: number | null,
): { distanceMeters: number; movingSeconds: number; measuredBy: "device" } | null {
  if (totals == null || totals.distanceMeters <= 0 || totals.timerSeconds <= 0) return null;
  if (totals.timerSeconds > elapsedSeconds + TIMER_SLACK_SECONDS) return null;
  let path = 0;
  for (let i = 1; i < track.step.length; i++) path += track.step[i]!;
  if (totals.distanceMeters > path * TRACK_AGREEMENT || totals.distanceMeters < path / TRACK_AGREEMENT) return null;
  if (counted != null && Math.abs(totals.distanceMeters - counted) > COUNTER_AGREEMENT * totals.distanceMeters) {
    return null;
  }
  return { distanceMeters: totals.distanceMeters, movingSeconds: totals.timerSeconds, measuredBy: "device" };
}
