import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ActivityJob, ActivityReply } from "./activity-worker.ts";
import type { readActivity } from "./read-activity.ts";

type ActivityResult = Awaited<ReturnType<typeof readActivity>>;

/**
 * readActivity reads a file synchronously (saxes, Garmin's FIT SDK): a 10 MB file holds its thread for a few hundred
 * milliseconds. Here it runs in worker threads, so one upload never stalls the server's other requests. Like photo.ts'
 * HEIC worker, they are started at first use and end when idle. One file at a time each; the rest wait in line,
 * smallest first (below). How many may wait is bounded before their bodies are read (upload-slots.ts).
 */

/** At most two, and one on a two-core machine: the server's own thread keeps a core to answer everyone else. */
const MAX_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));
/**
 * A real 10 MB file reads in under a second on a slow core; eight seconds is a machine so loaded, or a file so built,
 * that the answer is "try again", never "damaged" (issue 41).
 */
const TIME_LIMIT_MS = 8_000;
/**
 * A worker's own heap: a 10 MB file's points take some 30 MB, and the FIT SDK keeps every message it read. A file
 * that needs more ends its worker alone, not the server.
 */
const WORKER_HEAP_MB = 256;
const IDLE_MS = 30_000;
/**
 * Files wait in line by when they came plus the time their size takes to read at this many bytes a millisecond (a
 * slow core's pace): a small file uploaded during a flood of large ones is read next, and a large one is passed by
 * small ones for no longer than its own reading would take, so none waits for ever.
 */
const BYTES_PER_MS = 10_000;
const CORRUPT: ActivityResult = { ok: false, code: "corrupt" };
const TIMED_OUT: ActivityResult = { ok: false, code: "timedOut" };

/** The bytes are a copy of the caller's, in an ArrayBuffer of their own: transferred to the worker, not cloned. */
type Job = ActivityJob & {
  bytes: Uint8Array<ArrayBuffer>;
  timeLimitMs: number;
  /** Its place in line: when it came, plus its size's reading time. */
  due: number;
  settle: (result: ActivityResult) => void;
  fail: (error: Error) => void;
};
type Slot = {
  worker: Worker;
  /** The worker's modules are loaded: an exit from now on is a file's doing. */
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  error?: unknown;
};

const slots = new Set<Slot>();
const queue: Job[] = [];

/**
 * The worker's code. Bundled (scripts/build-server.ts), it is activity-worker.mjs beside the bundle's main.mjs and its
 * chunks, whichever this module is part of. From the sources (vitest, `node --import tsx`, tsx watch in
 * `npm run dev`), Node 20 applies no loader hooks to a worker's first module, inherited `--import tsx` or not: the
 * worker registers tsx itself, then imports the TypeScript entry.
 */
function newWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./activity-worker.mjs", import.meta.url), { resourceLimits });
  }
  const workerData = {
    tsx: import.meta.resolve("tsx/esm/api"),
    entry: new URL("./activity-worker.ts", import.meta.url).href,
  };
  const bootstrap = `
    const { workerData } = require("node:worker_threads");
    import(workerData.tsx).then(({ register }) => {
      register();
      return import(workerData.entry);
    });
  `;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

function startSlot(): Slot {
  const slot: Slot = { worker: newWorker(), ready: false };
  slot.worker.on("message", (reply: ActivityReply) => {
    if (reply.ready) slot.ready = true;
    else if (slot.job) finish(slot, reply.result);
  });
  // Kept for the exit that follows: an uncaught error ends the worker.
  slot.worker.on("error", (error) => {
    slot.error = error;
  });
  // A crash (a file that exhausts the worker's memory, say) or a stop: messages sent before it have been handled.
  slot.worker.on("exit", () => {
    slots.delete(slot);
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = undefined;
    if (job && slot.ready) job.settle(CORRUPT);
    // A worker that dies before its modules load is the install's fault, not the file's: the caller answers 500.
    else if (job) job.fail(new Error("The activity reader's worker did not start.", { cause: slot.error }));
    pump();
  });
  slots.add(slot);
  return slot;
}

/** Ends a worker; later files start a new one. Its job, if any, has been answered already. */
function retire(slot: Slot) {
  slots.delete(slot);
  clearTimeout(slot.timer);
  clearTimeout(slot.idle);
  void slot.worker.terminate();
}

function assign(slot: Slot, job: Job) {
  clearTimeout(slot.idle);
  slot.job = job;
  // Held while it works, so a script awaiting the answer does not end first; let go when idle.
  slot.worker.ref();
  slot.timer = setTimeout(() => {
    job.settle(TIMED_OUT);
    slot.job = undefined;
    retire(slot);
    pump();
  }, job.timeLimitMs);
  slot.timer.unref();
  const { bytes, now, runningPace } = job;
  slot.worker.postMessage({ bytes, now, runningPace } satisfies ActivityJob, [bytes.buffer]);
}

function finish(slot: Slot, result: ActivityResult) {
  clearTimeout(slot.timer);
  slot.job?.settle(result);
  slot.job = undefined;
  pump();
  if (slots.has(slot) && !slot.job) {
    slot.worker.unref();
    slot.idle = setTimeout(() => retire(slot), IDLE_MS).unref();
  }
}

/** Gives waiting files to idle workers, starting workers up to MAX_WORKERS. */
function pump() {
  while (queue.length > 0) {
    let free: Slot | undefined;
    for (const slot of slots) if (!slot.job) free ??= slot;
    if (!free && slots.size < MAX_WORKERS) {
      try {
        free = startSlot();
      } catch (error) {
        queue.shift()!.fail(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
    }
    if (!free) return;
    assign(free, queue.shift()!);
  }
}

/** Puts a job in line by its `due` time (the line is short: a linear search is enough). */
function enqueue(job: Job) {
  let at = queue.length;
  while (at > 0 && queue[at - 1]!.due > job.due) at--;
  queue.splice(at, 0, job);
}

/**
 * readActivity, in a worker thread: the same answers, and the server's thread stays free while a file is read. A file
 * the worker cannot read within the time limit answers `timedOut`, one that makes it crash `corrupt` (the next file
 * gets a new worker). It never throws for a file; only a worker that cannot start at all (a broken install) rejects.
 * `timeLimitMs` is for tests.
 */
export function readActivityOffThread(
  bytes: Uint8Array,
  options: { now: Date; runningPace: boolean },
  { timeLimitMs = TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<ActivityResult> {
  // A copy of the file's bytes alone, now: the caller may reuse its buffer while the file waits in line, posting a view
  // would clone the whole buffer behind it (Node's shared pool, say), and transferring it would empty the caller's.
  const copy = new Uint8Array(bytes);
  return new Promise<ActivityResult>((settle, fail) => {
    enqueue({
      bytes: copy,
      due: performance.now() + copy.byteLength / BYTES_PER_MS,
      now: options.now.getTime(),
      runningPace: options.runningPace,
      timeLimitMs,
      settle,
      fail,
    });
    pump();
  });
}
