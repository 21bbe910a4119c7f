import { parentPort } from "node:worker_threads";
import { readActivity } from "./read-activity.ts";

/**
 * The worker thread of read-activity-off-thread.ts: reads one activity file at a time, with the clock the caller's
 * thread gave (tests fake Date in that thread alone). A second entry point of the server bundle
 * (scripts/build-server.ts), so it is `activity-worker.mjs` beside `main.mjs` there.
 */
export type ActivityJob = { bytes: Uint8Array; now: number; runningPace: boolean };
export type ActivityReply = { ready: true } | { ready?: false; result: Awaited<ReturnType<typeof readActivity>> };

const port = parentPort;
if (port) {
  port.on("message", async ({ bytes, now, runningPace }: ActivityJob) => {
    const result = await readActivity(bytes, { now: new Date(now), runningPace });
    port.postMessage({ result } satisfies ActivityReply);
  });
  // Its modules are loaded: a worker that dies after this died of a file, not of a broken install.
  port.postMessage({ ready: true } satisfies ActivityReply);
}
