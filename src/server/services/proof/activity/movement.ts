import { PAUSE_SECONDS } from "#shared/proof/rules.ts";

/**
 * Below this speed, measured as the straight line between two points at least STILL_WINDOW_SECONDS apart, a person is
 * standing: GPS jitter moves a phone lying on a bench by a few metres every fix (1 m/s from one fix to the next is
 * common), but not away from where it lies, so over 30 seconds it stays under 15 metres. A walker covers 30 metres.
 */
const STILL_SPEED_MPS = 0.5;
const STILL_WINDOW_SECONDS = 30;
/** A step covered this fast is someone walking at the least, not a phone's jitter. */
const WALKING_SPEED_MPS = 1;
/**
 * The top speed is the fastest straight line over this long, between positions each smoothed by the median of five
 * neighbours: one fix thrown 100 metres off (a tall building, a tunnel's end) adds nothing to it, where speed from one
 * fix to the next would read 70 km/h. Half a minute above MAX_RUN_SPEED_KMH is a vehicle, not a sprint finish.
 */
const SPEED_WINDOW_SECONDS = 30;
const SMOOTHING_POINTS = 5;

/** A track in the form the measures need: times, positions in metres, and the distance of each step. */
export type Track = {
  /** Seconds, strictly increasing. */
  t: Float64Array;
  /** Metres east and north of any fixed point; a treadmill's x is its distance so far and y 0. */
  x: Float64Array;
  y: Float64Array;
  /** step[i] is the distance from point i - 1 to point i (step[0] is 0). */
  step: Float64Array;
};

type Movement = {
  distanceMeters: number;
  movingSeconds: number;
  /** Moving time over distance, whole activity; Infinity without distance. */
  paceSecondsPerKm: number;
  /** The time-weighted median pace of the moving steps: half the moving time was at this pace or faster. */
  medianPaceSecondsPerKm: number;
  /** The fastest SPEED_WINDOW_SECONDS without a pause, km/h. */
  maxSpeedKmh: number;
};

function straightLine(track: Track, a: number, b: number): number {
  return Math.hypot(track.x[b]! - track.x[a]!, track.y[b]! - track.y[a]!);
}

/**
 * Which steps are a pause (paused[i] for the step into point i): a run of steps longer than PAUSE_SECONDS in total,
 * each either a gap without points (a watch's auto-pause) or standing still. A traffic light is a shorter run and
 * stays moving time. A step is still when some window of STILL_WINDOW_SECONDS around it moved less than STILL_SPEED:
 * windows are tried from every point, so a stop is found from its first second, not half a window late.
 */
function findPauses(track: Track): Uint8Array {
  const n = track.t.length;
  const { t } = track;
  // +1 where a still window starts, -1 past where it ends: a running sum marks every step some window covers.
  const stillMarks = new Int32Array(n + 1);
  // gapsBefore[i]: steps among 1..i longer than PAUSE_SECONDS. Such a gap is a pause of its own, and a window across
  // it would read the minutes before it as standing (a few metres over ten minutes).
  const gapsBefore = new Int32Array(n);
  for (let i = 1; i < n; i++) gapsBefore[i] = gapsBefore[i - 1]! + (t[i]! - t[i - 1]! > PAUSE_SECONDS ? 1 : 0);
  let b = 0;
  for (let a = 0; a < n - 1; a++) {
    if (b <= a) b = a + 1;
    while (b < n - 1 && t[b]! - t[a]! < STILL_WINDOW_SECONDS) b++;
    const seconds = t[b]! - t[a]!;
    if (seconds < STILL_WINDOW_SECONDS) break;
    if (gapsBefore[b] === gapsBefore[a] && straightLine(track, a, b) < STILL_SPEED_MPS * seconds) {
      stillMarks[a + 1]! += 1;
      stillMarks[b + 1]! -= 1;
    }
  }
  // A window reaching a few seconds into the running on either side of a stop can still be slow on average: the steps
  // at the ends of a run of still ones that were covered at walking speed or more are taken back.
  const isMovingStep = (i: number) => {
    const seconds = t[i]! - t[i - 1]!;
    return seconds <= PAUSE_SECONDS && track.step[i]! > WALKING_SPEED_MPS * seconds;
  };
  const paused = new Uint8Array(n);
  let covering = 0;
  let runStart = -1;
  for (let i = 1; i <= n; i++) {
    covering += stillMarks[i] ?? 0;
    const stopped = i < n && (covering > 0 || t[i]! - t[i - 1]! > PAUSE_SECONDS);
    if (stopped && runStart < 0) runStart = i;
    if (!stopped && runStart >= 0) {
      let first = runStart;
      let last = i - 1;
      while (first <= last && isMovingStep(first)) first++;
      while (last >= first && isMovingStep(last)) last--;
      if (first <= last && t[last]! - t[first - 1]! > PAUSE_SECONDS) paused.fill(1, first, last + 1);
      runStart = -1;
    }
  }
  return paused;
}

/** The median of five neighbours, per axis: a lone outlier fix disappears, a steady line keeps its place. */
function smoothed(values: Float64Array): Float64Array {
  const n = values.length;
  const half = Math.floor(SMOOTHING_POINTS / 2);
  const out = new Float64Array(n);
  const window = new Float64Array(SMOOTHING_POINTS);
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - half);
    const count = Math.min(n - 1, i + half) - from + 1;
    // Insertion sort of at most five values: no allocation, no comparator call, per point.
    for (let j = 0; j < count; j++) {
      const value = values[from + j]!;
      let k = j;
      while (k > 0 && window[k - 1]! > value) {
        window[k] = window[k - 1]!;
        k--;
      }
      window[k] = value;
    }
    out[i] = window[Math.floor(count / 2)]!;
  }
  return out;
}

function fastestKmh(track: Track, paused: Uint8Array): number {
  const n = track.t.length;
  const { t } = track;
  const smooth: Track = { ...track, x: smoothed(track.x), y: smoothed(track.y) };
  // pausesBefore[i]: paused steps among 1..i, so a window a..b holds a pause when the count changes.
  const pausesBefore = new Int32Array(n);
  for (let i = 1; i < n; i++) pausesBefore[i] = pausesBefore[i - 1]! + paused[i]!;
  let fastest = 0;
  let b = 0;
  for (let a = 0; a < n - 1; a++) {
    if (b <= a) b = a + 1;
    while (b < n - 1 && t[b]! - t[a]! < SPEED_WINDOW_SECONDS) b++;
    const seconds = t[b]! - t[a]!;
    if (seconds < SPEED_WINDOW_SECONDS) break;
    if (pausesBefore[b] !== pausesBefore[a]) continue;
    fastest = Math.max(fastest, straightLine(smooth, a, b) / seconds);
  }
  return fastest * 3.6;
}

/** Speeds are counted in bins this wide (m/s): a pace to a fraction of a second per kilometre, in linear time. */
const SPEED_BIN_MPS = 0.01;
const SPEED_BINS = 10_000;

/**
 * Half the moving time was spent at this speed or faster (m/s): robust to a few wild steps either way. A histogram of
 * moving seconds by speed rather than a sort: a day at one point a second is a million steps.
 */
function medianSpeed(track: Track, paused: Uint8Array, movingSeconds: number): number {
  const secondsAt = new Float64Array(SPEED_BINS);
  for (let i = 1; i < track.t.length; i++) {
    if (paused[i]) continue;
    const seconds = track.t[i]! - track.t[i - 1]!;
    const bin = Math.min(SPEED_BINS - 1, Math.floor(track.step[i]! / seconds / SPEED_BIN_MPS));
    secondsAt[bin]! += seconds;
  }
  let counted = 0;
  for (let bin = SPEED_BINS - 1; bin >= 0; bin--) {
    counted += secondsAt[bin]!;
    if (counted > 0 && counted >= movingSeconds / 2) return (bin + 0.5) * SPEED_BIN_MPS;
  }
  return 0;
}

/**
 * The figures of a track. Distance and moving time leave the pauses out (a watch's gap, or standing still past
 * PAUSE_SECONDS, whose GPS jitter is no distance run). The speeds that tell a run from a ride are robust to GPS
 * noise: the median pace is time-weighted over the moving steps, so a few jumpy fixes cannot move it, and the top
 * speed is taken over half a minute of smoothed positions (see SPEED_WINDOW_SECONDS).
 */
export function measureMovement(track: Track): Movement {
  const paused = findPauses(track);
  let distance = 0;
  let moving = 0;
  for (let i = 1; i < track.t.length; i++) {
    if (paused[i]) continue;
    distance += track.step[i]!;
    moving += track.t[i]! - track.t[i - 1]!;
  }
  const speed = medianSpeed(track, paused, moving);
  return {
    distanceMeters: distance,
    movingSeconds: moving,
    paceSecondsPerKm: distance > 0 ? moving / (distance / 1000) : Number.POSITIVE_INFINITY,
    medianPaceSecondsPerKm: speed > 0 ? 1000 / speed : Number.POSITIVE_INFINITY,
    maxSpeedKmh: fastestKmh(track, paused),
  };
}
