import { Decoder, Profile, Stream } from "@garmin/fitsdk";
import { MAX_ACTIVITY_POINTS } from "#shared/proof/rules.ts";
import { type DeclaredSport, declaredSport } from "./declared-sport.ts";
import { expandCompressedTimestamps } from "./fit-compressed-timestamps.ts";
import type { Leg, PointsReading, TrackPoint } from "./track-point.ts";

/** FIT positions are 32-bit "semicircles": 2^31 of them make 180 degrees. */
const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;
/**
 * A day at one record a second is under 100 000 messages and a 10 MB file of real records under 400 000; a header
 * byte per message (a definition with no field) could make 10 million empty ones, so decoding stops past this many.
 */
const MAX_MESSAGES = 1_000_000;

/**
 * A triathlon writes five sessions and a swimrun a few dozen; each record is matched against every session, so a file
 * of more is built to cost the server and is refused as damaged.
 */
const MAX_SESSIONS = 100;

class TooManyMessages extends Error {}
class TooManyPoints extends Error {}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function timeOf(value: unknown): number | null {
  return value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : null;
}

type Session = Leg & { start: number | null; end: number | null };

/**
 * The sport of a session: its sport, or for an indoor one written as generic or fitness equipment, its sub-sport
 * (treadmill, indoor cycling, indoor rowing).
 */
function sessionSport(message: Record<string, unknown>): DeclaredSport | null {
  return declaredSport(message.sport, "fit") ?? declaredSport(message.subSport, "free");
}

/** Which session each record falls in, by the sessions' times; a file of one session has all its records in it. */
function assignLegs(points: TrackPoint[], sessions: Session[]) {
  if (sessions.length === 1) for (const point of points) point.leg = 0;
  if (sessions.length < 2) return;
  for (const point of points) {
    if (point.time == null) continue;
    const time = point.time;
    // A multi-sport watch may write a session over the whole event beside each leg's: the shortest that holds the point.
    let best: number | null = null;
    sessions.forEach((s, i) => {
      if (s.start == null || s.end == null || time < s.start || time > s.end) return;
      const b = best == null ? null : sessions[best]!;
      if (b == null || s.end - s.start < b.end! - b.start!) best = i;
    });
    point.leg = best;
  }
}

/**
 * The records of a FIT activity file, read with Garmin's SDK, and its sessions (sport and the device's totals). The
 * whole file must check (header, sizes and CRC): a file cut short or damaged in transfer is refused, not read as far
 * as it goes. Compressed timestamps, which the SDK does not read, are expanded first.
 */
export function readFitPoints(original: Uint8Array): PointsReading {
  if (!new Decoder(Stream.fromByteArray(original)).checkIntegrity()) return { ok: false, code: "corrupt" };
  const bytes = expandCompressedTimestamps(original);
  if (bytes == null) return { ok: false, code: "corrupt" };
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const points: TrackPoint[] = [];
  const sessions: Session[] = [];
  let sport: DeclaredSport | null = null;
  let fileType: unknown;
  let count = 0;
  const { errors } = decoder.read({
    // Heart rates, sub-fields and memo globs say nothing of time or place; components stay, since old watches pack
    // speed and distance into one compressed field.
    mergeHeartRates: false,
    expandSubFields: false,
    decodeMemoGlobs: false,
    mesgListener: (mesgNum, mesg) => {
      const message = mesg as Record<string, unknown>;
      count += 1;
      if (count > MAX_MESSAGES) throw new TooManyMessages();
      if (mesgNum === Profile.MesgNum.FILE_ID) fileType ??= message.type;
      if (mesgNum === Profile.MesgNum.SPORT) sport ??= sessionSport(message);
      if (mesgNum === Profile.MesgNum.SESSION) {
        if (sessions.length >= MAX_SESSIONS) throw new TooManyMessages();
        const start = timeOf(message.startTime);
        const elapsed = numberOrNull(message.totalElapsedTime);
        sessions.push({
          sport: sessionSport(message),
          distance: numberOrNull(message.totalDistance),
          timerSeconds: numberOrNull(message.totalTimerTime),
          start,
          end: timeOf(message.timestamp) ?? (start != null && elapsed != null ? start + elapsed * 1000 : null),
        });
      }
      if (mesgNum !== Profile.MesgNum.RECORD) return;
      if (points.length >= MAX_ACTIVITY_POINTS) throw new TooManyPoints();
      const lat = numberOrNull(message.positionLat);
      const lon = numberOrNull(message.positionLong);
      points.push({
        time: timeOf(message.timestamp),
        lat: lat == null ? null : lat * DEGREES_PER_SEMICIRCLE,
        lon: lon == null ? null : lon * DEGREES_PER_SEMICIRCLE,
        distance: numberOrNull(message.distance ?? message.enhancedDistance),
      });
    },
  });
  // The SDK answers what its listener threw among its errors.
  if (errors.some((error) => error instanceof TooManyPoints)) return { ok: false, code: "tooManyPoints" };
  if (errors.length > 0) return { ok: false, code: "corrupt" };
  // A course, a workout or a settings file is a FIT file, but not a record of something done.
  if (fileType !== undefined && fileType !== "activity") return { ok: false, code: "notActivity" };
  // A file whose sessions were never written (a watch that died mid-run) still has the sport it was started as.
  const legs: Leg[] =
    sessions.length > 0
      ? sessions.map(({ sport: legSport, distance, timerSeconds }) => ({ sport: legSport, distance, timerSeconds }))
      : [{ sport, distance: null, timerSeconds: null }];
  assignLegs(points, sessions.length > 0 ? sessions : [{ ...legs[0]!, start: null, end: null }]);
  return { ok: true, points, legs };
}
