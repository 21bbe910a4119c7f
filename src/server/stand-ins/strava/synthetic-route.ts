import type { LocalStreams } from "./store.ts";

/**
 * A run as a watch records it, for a developer or a test without a watch: a loop around a park, a point every second
 * or few, a pace that breathes, GPS error that drifts slowly (as real GPS error does, so the track's length stays
 * the device's distance), an optional stop at a crossing. The summary Strava would show is worked out from the same
 * streams, so the two always agree.
 */

export type SyntheticRouteOptions = {
  km: number;
  paceSecondsPerKm: number;
  /** Seeds the noise, so the same start gives the same route. */
  start?: Date;
  /** Seconds between points; watches record every 1–3 s. */
  everySeconds?: number;
  /** Centre of the loop. Default: the Tiergarten in Berlin. */
  around?: [number, number];
  /** A stop halfway (traffic light): elapsed time grows, moving time does not. */
  pauseSeconds?: number;
};

const EARTH_RADIUS = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversine([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]) {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A small deterministic generator (mulberry32): the same seed draws the same route. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function syntheticRoute(options: SyntheticRouteOptions): LocalStreams {
  const { km, paceSecondsPerKm } = options;
  if (!(km > 0) || !(paceSecondsPerKm > 0)) throw new Error("km and paceSecondsPerKm must be positive");
  const every = options.everySeconds ?? 1;
  const [centreLat, centreLon] = options.around ?? [52.5145, 13.3501];
  const pause = Math.max(0, Math.round(options.pauseSeconds ?? 0));
  const draw = random(options.start ? Math.floor(options.start.getTime() / 1000) : 20_260_101);

  const total = km * 1000;
  const movingSeconds = Math.round(km * paceSecondsPerKm);
  const speed = total / movingSeconds;
  // The pace swings ±6 % a few times over the run; a whole number of swings ends exactly at the distance.
  const swings = Math.max(1, Math.round(movingSeconds / 600));
  const swing = (0.06 * speed * movingSeconds) / (2 * Math.PI * swings);
  const covered = (t: number) => speed * t + swing * Math.sin((2 * Math.PI * swings * t) / movingSeconds);

  // One loop as long as the run, so the start is the finish as on most runs from home.
  const radius = total / (2 * Math.PI);
  const metresPerDegLat = 111_320;
  const metresPerDegLon = 111_320 * Math.cos(rad(centreLat));
  // GPS error: a few metres, drifting over a minute or two rather than jumping from point to point.
  const phases = [draw(), draw(), draw(), draw()].map((p) => p * 2 * Math.PI);
  const drift = (t: number, axis: 0 | 1) =>
    1.5 * Math.sin(t / 47 + (phases[axis * 2] ?? 0)) + 1 * Math.sin(t / 113 + (phases[axis * 2 + 1] ?? 0));
  const pointAt = (metres: number, t: number): [number, number] => {
    const angle = (metres / total) * 2 * Math.PI;
    const north = radius * Math.sin(angle) + drift(t, 0);
    const east = radius * (1 - Math.cos(angle)) + drift(t, 1);
    return [round(centreLat + north / metresPerDegLat, 6), round(centreLon + east / metresPerDegLon, 6)];
  };

  const streams: Required<LocalStreams> = { time: [], distance: [], latlng: [], moving: [], altitude: [] };
  const push = (clock: number, metres: number, moving: boolean) => {
    streams.time.push(clock);
    streams.distance.push(round(metres, 1));
    streams.latlng.push(pointAt(metres, clock));
    streams.moving.push(moving);
    streams.altitude.push(round(34 + 4 * Math.sin((metres / total) * 4 * Math.PI), 1));
  };
  // On the grid of points, so the stop starts at a recorded point as a watch's auto-pause does.
  const pauseAt = pause > 0 ? every * Math.floor(movingSeconds / 2 / every) : Number.POSITIVE_INFINITY;
  let offset = 0;
  for (let t = 0; ; t = Math.min(t + every, movingSeconds)) {
    const metres = Math.min(total, covered(t));
    push(t + offset, metres, true);
    if (t === pauseAt) {
      for (let s = every; s < pause; s += every) push(t + s, metres, false);
      push(t + pause, metres, false);
      offset = pause;
    }
    if (t >= movingSeconds) break;
  }
  return streams;
}

/** What Strava shows for a recording: figures worked out from its streams. */
export function summarize(streams: LocalStreams) {
  const { time, distance, latlng, moving, altitude } = streams;
  const last = time.length - 1;
  let movingTime = 0;
  let maxSpeed = 0;
  let gain = 0;
  for (let i = 1; i <= last; i++) {
    const dt = (time[i] ?? 0) - (time[i - 1] ?? 0);
    const dd = (distance[i] ?? 0) - (distance[i - 1] ?? 0);
    if (moving ? moving[i] : dd > 0) movingTime += dt;
    if (dt > 0) maxSpeed = Math.max(maxSpeed, dd / dt);
    const climb = (altitude?.[i] ?? 0) - (altitude?.[i - 1] ?? 0);
    if (climb > 0) gain += climb;
  }
  const total = distance[last] ?? 0;
  return {
    distance: round(total, 1),
    moving_time: movingTime,
    elapsed_time: (time[last] ?? 0) - (time[0] ?? 0),
    total_elevation_gain: round(gain, 1),
    average_speed: movingTime > 0 ? round(total / movingTime, 3) : 0,
    max_speed: round(maxSpeed, 3),
    start: latlng?.[0] ?? null,
    end: latlng?.[last] ?? null,
  };
}

/** Google's encoded polyline, which Strava uses for `map.polyline` and `map.summary_polyline`. */
export function encodePolyline(points: [number, number][]) {
  let out = "";
  let previous: [number, number] = [0, 0];
  for (const point of points) {
    for (const axis of [0, 1] as const) {
      const value = Math.round(point[axis] * 1e5);
      let delta = value - Math.round(previous[axis] * 1e5);
      delta = delta < 0 ? ~(delta << 1) : delta << 1;
      while (delta >= 0x20) {
        out += String.fromCharCode((0x20 | (delta & 0x1f)) + 63);
        delta >>= 5;
      }
      out += String.fromCharCode(delta + 63);
    }
    previous = point;
  }
  return out;
}

export function decodePolyline(encoded: string) {
  const points: [number, number][] = [];
  let index = 0;
  const value = [0, 0];
  while (index < encoded.length) {
    for (const axis of [0, 1]) {
      let shift = 0;
      let result = 0;
      let byte: number;
      do {
        byte = encoded.charCodeAt(index++) - 63;
        result |= (byte & 0x1f) << shift;
        shift += 5;
      } while (byte >= 0x20);
      value[axis] = (value[axis] ?? 0) + (result & 1 ? ~(result >> 1) : result >> 1);
    }
    points.push([(value[0] ?? 0) / 1e5, (value[1] ?? 0) / 1e5]);
  }
  return points;
}

/** The summary line keeps about one point in twenty, as Strava's is a simplified track for a thumbnail. */
export function summaryPoints(points: [number, number][]) {
  const step = Math.max(1, Math.floor(points.length / 200));
  const kept = points.filter((_, i) => i % step === 0);
  const last = points[points.length - 1];
  if (last && kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}
