import { Decoder, Profile, Stream } from "@garmin/fitsdk";
import { MAX_ACTIVITY_POINTS } from "#shared/proof/rules.ts";
import type { PointsReading, TrackPoint } from "./track-point.ts";

/** FIT positions are 32-bit "semicircles": 2^31 of them make 180 degrees. */
const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;
/**
 * A day at one record a second is under 100 000 messages and a 10 MB file of real records under 400 000; a header
 * byte per message (a definition with no field) could make 10 million empty ones, so decoding stops past this many.
 */
const MAX_MESSAGES = 1_000_000;

class TooManyMessages extends Error {}
class TooManyPoints extends Error {}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * The records of a FIT activity file, read with Garmin's SDK. The whole file must check (header, sizes and CRC): a
 * file cut short or damaged in transfer is refused, not read as far as it goes.
 */
export function readFitPoints(bytes: Uint8Array): PointsReading {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  if (!decoder.checkIntegrity()) return { ok: false, code: "corrupt" };
  const points: TrackPoint[] = [];
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
      if (mesgNum !== Profile.MesgNum.RECORD) return;
      if (points.length >= MAX_ACTIVITY_POINTS) throw new TooManyPoints();
      const lat = numberOrNull(message.positionLat);
      const lon = numberOrNull(message.positionLong);
      points.push({
        time: message.timestamp instanceof Date ? message.timestamp.getTime() : null,
        lat: lat == null ? null : lat * DEGREES_PER_SEMICIRCLE,
        lon: lon == null ? null : lon * DEGREES_PER_SEMICIRCLE,
        distance: numberOrNull(message.distance),
      });
    },
  });
  // The SDK answers what its listener threw among its errors.
  if (errors.some((error) => error instanceof TooManyPoints)) return { ok: false, code: "tooManyPoints" };
  if (errors.length > 0) return { ok: false, code: "corrupt" };
  // A course, a workout or a settings file is a FIT file, but not a record of something done.
  if (fileType !== undefined && fileType !== "activity") return { ok: false, code: "notActivity" };
  return { ok: true, points };
}
