import { createWorker, OEM, type PSM, type Worker } from "tesseract.js";
import corePlain from "tesseract.js-core/tesseract-core-lstm.wasm.js?url";
import coreSimd from "tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url";
import { type OcrBlocks, ocrLinesOf } from "./ocr-lines.ts";
import { LANGUAGES, PAGE_SEGMENTATION, READ_WIDTH } from "./ocr-settings.ts";
import { parseScreenTimeText, type ScreenTimeReading } from "./parse-reading.ts";
import ocrWorker from "./tesseract-worker.ts?worker&url";

/**
 * Reads his Screen Time / Digital Wellbeing screenshot in the browser (issue 55, decision 0160): the picture never
 * leaves his phone. Everything tesseract.js loads (its worker, the WebAssembly core, English and German data) comes
 * from our own build; this module is imported only by the check-in screen, so no other screen carries it.
 */

/** A worker kept after a reading, for his next try or the next screenshot; then its memory (~100 MB) is given back. */
const IDLE_MS = 60_000;

/** The smallest WebAssembly module using a SIMD instruction: whether this browser runs the SIMD build of the core. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

let worker: Promise<Worker> | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
/** The reading in progress's listener: the worker's logger outlives one reading. */
let progressListener: ((fraction: number) => void) | undefined;

function absolute(url: string) {
  return new URL(url, window.location.href).href;
}

function startWorker(): Promise<Worker> {
  const core = WebAssembly.validate(SIMD_PROBE) ? coreSimd : corePlain;
  return createWorker(LANGUAGES, OEM.LSTM_ONLY, {
    workerPath: absolute(ocrWorker),
    workerBlobURL: false,
    corePath: absolute(core),
    // Resolved by our worker entry to the build's hashed files; the name only has to end as tesseract expects.
    langPath: absolute("/tessdata"),
    gzip: true,
    // The browser's HTTP cache keeps the immutable assets; a second copy in IndexedDB would only take his storage.
    cacheMethod: "none",
    logger: (message) => {
      // Loading is the first half of what he waits for, reading the text the second.
      const fraction = message.status === "recognizing text" ? 0.5 + message.progress / 2 : message.progress / 2;
      progressListener?.(Math.min(1, Math.max(0, fraction)));
    },
  }).then(async (created) => {
    await created.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION as PSM });
    return created;
  });
}

function stopWorker() {
  const stopping = worker;
  worker = null;
  clearTimeout(idle);
  void stopping?.then((w) => w.terminate()).catch(() => {});
}

/** The screenshot scaled to READ_WIDTH (never up), drawn off the main thread where the browser can. */
async function scaled(image: Blob): Promise<OffscreenCanvas | HTMLCanvasElement> {
  const bitmap = await createImageBitmap(image);
  try {
    const scale = Math.min(1, READ_WIDTH / bitmap.width);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas =
      typeof OffscreenCanvas === "function"
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement("canvas"), { width, height });
    const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) throw new Error("No 2D canvas to scale the screenshot on");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas;
  } finally {
    bitmap.close();
  }
}

function aborted(signal?: AbortSignal): never {
  throw signal?.reason ?? new DOMException("The reading was stopped", "AbortError");
}

/**
 * Reads the screenshot: the total (a day's, or a week's daily average), the day it shows and the top apps. Rejects
 * when the picture cannot be decoded or `signal` stops it (the worker is ended then: tesseract cannot stop a page
 * half read).
 */
export async function readScreenTime(
  image: Blob,
  options: { today: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<ScreenTimeReading> {
  const { signal } = options;
  if (signal?.aborted) aborted(signal);
  clearTimeout(idle);
  const onAbort = () => stopWorker();
  signal?.addEventListener("abort", onAbort, { once: true });
  progressListener = options.onProgress;
  try {
    worker ??= startWorker();
    const [canvas, ready] = await Promise.all([scaled(image), worker]);
    if (signal?.aborted) aborted(signal);
    const { data } = await ready.recognize(canvas, {}, { blocks: true, text: false });
    if (signal?.aborted) aborted(signal);
    options.onProgress?.(1);
    return parseScreenTimeText(ocrLinesOf((data.blocks ?? []) as OcrBlocks), { today: options.today });
  } catch (error) {
    // A worker that failed to start is not kept: the next try starts afresh.
    if (!signal?.aborted) stopWorker();
    throw error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    progressListener = undefined;
    if (worker) idle = setTimeout(stopWorker, IDLE_MS);
  }
}
