import { describe, expect, it } from "vitest";
import { measureMovement, type Track } from "./movement.ts";

/** A seeded stream, so that a failure replays. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A straight track east: `speedAt(t)` in m/s, a point every `every` seconds except in `gaps`, positions with `jitter`
 * metres of GPS noise, and `glitches` (point index → metres thrown north).
 */
function track(options: {
  seconds: number;
  speedAt: (t: number) => number;
  every?: number;
  jitter?: number;
  gaps?: Array<[number, number]>;
  glitches?: Record<number, number>;
}): Track {
  const next = random(42);
  const every = options.every ?? 5;
  const t: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  let along = 0;
  for (let time = 0; time <= options.seconds; time += every) {
    if (!options.gaps?.some(([from, to]) => time > from && time < to)) {
      const jitter = options.jitter ?? 0;
      t.push(time);
      x.push(along + (next() - 0.5) * 2 * jitter);
      y.push((next() - 0.5) * 2 * jitter + (options.glitches?.[t.length - 1] ?? 0));
    }
    for (let s = 0; s < every; s++) along += options.speedAt(time + s);
  }
  const step = x.map((_, i) => (i === 0 ? 0 : Math.hypot(x[i]! - x[i - 1]!, y[i]! - y[i - 1]!)));
  return { t: Float64Array.from(t), x: Float64Array.from(x), y: Float64Array.from(y), step: Float64Array.from(step) };
}

describe("measureMovement", () => {
  it("counts a steady run whole: distance, moving time and pace", () => {
    const movement = measureMovement(track({ seconds: 3600, speedAt: () => 3 }));
    expect(movement.movingSeconds).toBe(3600);
    expect(movement.distanceMeters).toBeCloseTo(10_800, 0);
    expect(movement.paceSecondsPerKm).toBeCloseTo(333.3, 0);
    expect(movement.medianPaceSecondsPerKm).toBeCloseTo(333.3, -1);
    expect(movement.maxSpeedKmh).toBeCloseTo(10.8, 0);
  });

  it("keeps a 40-second stop at a traffic light as moving time", () => {
    const movement = measureMovement(
      track({ seconds: 1800, speedAt: (t) => (t >= 900 && t < 940 ? 0 : 3), jitter: 3 }),
    );
    expect(movement.movingSeconds).toBe(1800);
  });

  it("leaves out standing still for 90 seconds, GPS jitter and all", () => {
    const movement = measureMovement(
      track({ seconds: 1800, speedAt: (t) => (t >= 900 && t < 990 ? 0 : 3), jitter: 3 }),
    );
    expect(movement.movingSeconds).toBeGreaterThanOrEqual(1800 - 90 - 10);
    expect(movement.movingSeconds).toBeLessThanOrEqual(1800 - 90 + 5);
    // The jitter while standing is no distance: only the 1710 seconds at 3 m/s (plus the noise of running).
    expect(movement.distanceMeters).toBeLessThan(1710 * 3 + 400);
  });

  it("leaves out a gap without points longer than a minute, keeps a shorter one", () => {
    const long = measureMovement(
      track({ seconds: 1800, speedAt: (t) => (t >= 900 && t < 965 ? 0 : 3), gaps: [[900, 965]] }),
    );
    expect(long.movingSeconds).toBe(1800 - 65);
    const short = measureMovement(
      track({ seconds: 1800, speedAt: (t) => (t >= 900 && t < 955 ? 0 : 3), gaps: [[900, 955]] }),
    );
    expect(short.movingSeconds).toBe(1800);
  });

  it("is not fooled into a top speed by one fix thrown 70 m off, as a step-by-step speed would be", () => {
    const glitchy = track({ seconds: 1800, speedAt: () => 3, jitter: 3, glitches: { 100: 70 } });
    const stepSpeed = Math.max(...Array.from(glitchy.step, (step, i) => (i === 0 ? 0 : step / 5)));
    expect(stepSpeed * 3.6).toBeGreaterThan(45);
    expect(measureMovement(glitchy).maxSpeedKmh).toBeLessThan(15);
  });

  it("finds a vehicle's speed held for a minute in the middle of a run", () => {
    const movement = measureMovement(track({ seconds: 3600, speedAt: (t) => (t >= 1800 && t < 1860 ? 60 / 3.6 : 3) }));
    expect(movement.maxSpeedKmh).toBeGreaterThan(55);
    // The median is the run's: a minute in a car does not make the hour a drive.
    expect(movement.medianPaceSecondsPerKm).toBeGreaterThan(300);
  });

  it("weights the median pace by time: 40 minutes jogging outweigh 20 minutes at 40 km/h", () => {
    const movement = measureMovement(track({ seconds: 3600, speedAt: (t) => (t < 2400 ? 2.5 : 40 / 3.6) }));
    expect(movement.medianPaceSecondsPerKm).toBeCloseTo(400, -1);
    const driven = measureMovement(track({ seconds: 3600, speedAt: (t) => (t < 1200 ? 2.5 : 40 / 3.6) }));
    expect(driven.medianPaceSecondsPerKm).toBeCloseTo(90, -1);
  });

  it("reads no moving time from an hour of jitter around one place", () => {
    const movement = measureMovement(track({ seconds: 3600, speedAt: () => 0, jitter: 4 }));
    expect(movement.movingSeconds).toBe(0);
    expect(movement.distanceMeters).toBe(0);
  });
});
