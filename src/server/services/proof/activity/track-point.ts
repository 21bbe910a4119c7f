import type { DeclaredSport } from "./declared-sport.ts";

/**
 * One recorded point of an activity, as the format readers hand it over: every field may be missing, and checking what
 * is there is read-activity.ts' work.
 */
export type TrackPoint = {
  /** Milliseconds since the epoch; null for a point without a (readable) time. */
  time: number | null;
  /** Degrees; null without a position (a treadmill, or before the GPS found its fix). */
  lat: number | null;
  lon: number | null;
  /** Metres since the start as the device counted them (FIT, TCX); null where the file has none (GPX). */
  distance: number | null;
  /** The index of the leg (FIT session, TCX lap, GPX track) the point belongs to, if any. */
  leg?: number | null;
};

/**
 * A part of the file with the sport it declares and, where the device wrote them, its own totals: a FIT session, a TCX
 * lap, a GPX track (which has no totals).
 */
export type Leg = {
  sport: DeclaredSport | null;
  /** Metres and seconds of timer (pauses left out) as the device counted them. */
  distance: number | null;
  timerSeconds: number | null;
};

/** What a format reader answers: the points, or why the file is refused before any figure is computed. */
export type PointsReading =
  | { ok: true; points: TrackPoint[]; legs: Leg[] }
  | { ok: false; code: "notActivity" | "corrupt" | "tooManyPoints" };

/** Whether a latitude and longitude can be a place on Earth (NaN, ±Infinity and out-of-range values cannot). */
export function isPosition(lat: number | null, lon: number | null): boolean {
  return lat != null && lon != null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
