import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { readActivity } from "#server/services/proof/activity/read-activity.ts";
import { readActivityOffThread } from "#server/services/proof/activity/read-activity-off-thread.ts";
import { gpxOfSize } from "#tests/support/activity-files.ts";
import { type Stats, stats } from "./stats.ts";

/**
 * Reading an activity proof (issue 26): how long a GPX of about 1 MB and 10 MB (the most an upload may be) and a FIT
 * take to read, in the server's thread (readActivity) and in a worker (readActivityOffThread), and how long the
 * server's event loop stops meanwhile, which is how long every other request waits. Alone:
 * `node --import tsx tests/bench/proof-read.ts`; `npm run bench` runs it too (BENCH_PROOF_READ=0 leaves it out).
 */
const NOW = new Date("2026-03-16T12:00:00Z");
const START = Date.parse("2026-03-14T08:00:00Z");
type Reader = typeof readActivity;
const READERS: Array<[string, Reader]> = [
  ["in the server's thread", readActivity],
  ["in a worker thread", readActivityOffThread],
];

/** Reads `bytes` `runs` times one after the other; the milliseconds each took. */
async function timeReads(read: Reader, bytes: Uint8Array, runs: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await read(bytes, { now: NOW, runningPace: false });
    samples.push(performance.now() - started);
    if (!result.ok) throw new Error(`the benchmark's file was refused: ${result.code}`);
  }
  return stats(samples);
}

/** The longest the event loop waited (a 10 ms timer's lateness) while `bytes` was read once. */
async function loopStall(read: Reader, bytes: Uint8Array): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await sleep(50);
  await read(bytes, { now: NOW, runningPace: false });
  // A turn of the loop after the read, so the timer it held up is counted.
  await sleep(50);
  delay.disable();
  return delay.max / 1e6;
}

export async function benchProofRead() {
  const files = [
    { label: "GPX", bytes: gpxOfSize(1, START).bytes, runs: 5 },
    { label: "GPX", bytes: gpxOfSize(10, START).bytes, runs: 3 },
    {
      label: "FIT (run.fit)",
      bytes: new Uint8Array(readFileSync(new URL("../fixtures/activity/run.fit", import.meta.url))),
      runs: 20,
    },
  ];
  // The worker's start (its thread, the parsers' modules; tsx too when run from the sources), once.
  const started = performance.now();
  await readActivityOffThread(files[2]!.bytes, { now: NOW, runningPace: true });
  const workerStartMs = performance.now() - started;
  const reads = [];
  for (const { label, bytes, runs } of files) {
    for (const [where, read] of READERS) {
      await read(bytes, { now: NOW, runningPace: false });
      reads.push({
        label: `${label} of ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${where}`,
        s: await timeReads(read, bytes, runs),
      });
    }
  }
  const big = files[1]!.bytes;
  const stalls = [];
  for (const [where, read] of READERS) stalls.push({ where, ms: await loopStall(read, big) });
  return { workerStartMs, reads, stalls, bigMb: big.length / 1024 / 1024 };
}

export function printProofRead({ workerStartMs, reads, stalls, bigMb }: Awaited<ReturnType<typeof benchProofRead>>) {
  console.log(`activity proof reading: the worker started and read its first FIT in ${workerStartMs.toFixed(0)} ms`);
  for (const { label, s } of reads) {
    console.log(`${label.padEnd(70)} median ${s.median.padStart(7)} ms  max ${s.max.padStart(7)} ms  reads ${s.n}`);
  }
  for (const { where, ms } of stalls) {
    console.log(
      `${`longest event-loop stop, ${bigMb.toFixed(1)} MB GPX read ${where}`.padEnd(70)} max ${ms.toFixed(1).padStart(7)} ms`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printProofRead(await benchProofRead());
