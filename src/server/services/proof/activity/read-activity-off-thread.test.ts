import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { gpxOfSize } from "#tests/support/activity-files.ts";
import { readActivity } from "./read-activity.ts";
import { readActivityOffThread } from "./read-activity-off-thread.ts";

/** tests/fixtures/activity, written by its make-fixtures.ts: every activity there starts at 2026-03-14T08:00:00Z. */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../../tests/fixtures/activity/${name}`, import.meta.url)));

const START = Date.parse("2026-03-14T08:00:00Z");
const NOW = new Date("2026-03-16T12:00:00Z");

/** Bytes that are no activity file, the same at every run. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let seed = 26;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return bytes;
}

const CASES: Array<{ name: string; bytes: () => Uint8Array; runningPace: boolean }> = [
  { name: "run.gpx", bytes: () => fixture("run.gpx"), runningPace: true },
  { name: "run.fit", bytes: () => fixture("run.fit"), runningPace: true },
  { name: "ride.gpx, as a run", bytes: () => fixture("ride.gpx"), runningPace: true },
  { name: "ride.gpx, as an activity of any pace", bytes: () => fixture("ride.gpx"), runningPace: false },
  { name: "truncated.fit", bytes: () => fixture("truncated.fit"), runningPace: true },
  { name: "random bytes", bytes: () => noise(4096), runningPace: true },
];

/** A day-long GPX at one point a second with Garmin's heart-rate extension, as Strava exports it: some 10 MB. */
const bigGpx = () => gpxOfSize(10, START);

let big: ReturnType<typeof bigGpx> | undefined;
const bigFile = () => {
  big ??= bigGpx();
  return big;
};

describe("readActivityOffThread: readActivity's answers, read in a worker thread", () => {
  for (const { name, bytes, runningPace } of CASES) {
    it(`${name}: the same answer`, async () => {
      const expected = await readActivity(bytes(), { now: NOW, runningPace });
      expect(await readActivityOffThread(bytes(), { now: NOW, runningPace })).toEqual(expected);
    });
  }

  it("reads by the caller's clock, not the worker's: a year on, the same run is too old", async () => {
    const late = new Date(NOW.getTime() + 365 * 24 * 60 * 60 * 1000);
    expect(await readActivityOffThread(fixture("run.gpx"), { now: late, runningPace: true })).toEqual(
      await readActivity(fixture("run.gpx"), { now: late, runningPace: true }),
    );
    expect(await readActivityOffThread(fixture("run.gpx"), { now: late, runningPace: true })).toMatchObject({
      ok: false,
    });
  });

  it("leaves the caller's bytes as they were, and reads a view into a larger buffer as the view alone", async () => {
    const run = fixture("run.gpx");
    const padded = new Uint8Array(run.length + 200);
    padded.set(run, 100);
    const view = padded.subarray(100, 100 + run.length);
    const result = await readActivityOffThread(view, { now: NOW, runningPace: true });
    expect(result).toEqual(await readActivity(run, { now: NOW, runningPace: true }));
    expect(view.byteLength).toBe(run.length);
    expect(padded.buffer.byteLength).toBe(run.length + 200);
    expect(Buffer.from(view).equals(Buffer.from(run))).toBe(true);
  });

  it("answers ten calls made together, each with its own answer", async () => {
    const calls = Array.from({ length: 10 }, (_, i) => CASES[i % CASES.length]!);
    const expected = await Promise.all(
      calls.map(({ bytes, runningPace }) => readActivity(bytes(), { now: NOW, runningPace })),
    );
    const answers = await Promise.all(
      calls.map(({ bytes, runningPace }) => readActivityOffThread(bytes(), { now: NOW, runningPace })),
    );
    expect(answers).toEqual(expected);
  });
});

describe("readActivityOffThread: a 10 MB GPX", () => {
  it("is read while the caller's event loop keeps turning (read in its thread, it stops for seconds)", {
    timeout: 120_000,
  }, async () => {
    const { bytes, points } = bigFile();
    // A worker already started, as on a server that has read a file before: the figure is the read's alone.
    await readActivityOffThread(fixture("run.gpx"), { now: NOW, runningPace: true });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    // A generous limit: this test is about the caller's thread, and a busy test machine may read slowly.
    const result = await readActivityOffThread(bytes, { now: NOW, runningPace: false }, { timeLimitMs: 100_000 });
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    const maxDelayMs = delay.max / 1e6;
    console.log(
      `a 10 MB GPX read off-thread in ${seconds.toFixed(2)} s; the caller's loop waited ${maxDelayMs} ms at most`,
    );
    expect(result.ok && result.activity.movingSeconds).toBe(points - 1);
    expect(maxDelayMs).toBeLessThan(500);
  });

  it("answers timedOut (try again), never corrupt, past the time limit, and the next file gets a new worker (issue 41 #2)", {
    timeout: 60_000,
  }, async () => {
    const { bytes } = bigFile();
    const started = performance.now();
    // No 10 MB file is read in a millisecond, however fast the machine.
    expect(await readActivityOffThread(bytes, { now: NOW, runningPace: false }, { timeLimitMs: 1 })).toEqual({
      ok: false,
      code: "timedOut",
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await readActivityOffThread(fixture("run.fit"), { now: NOW, runningPace: true })).toEqual(
      await readActivity(fixture("run.fit"), { now: NOW, runningPace: true }),
    );
  });
});
