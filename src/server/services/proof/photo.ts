import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Sharp } from "sharp";
import { PHOTO_MAX_LONG_SIDE } from "#shared/proof/rules.ts";

/**
 * Photo proofs (issue 26): a photo is decoded and encoded anew, so nothing of the uploaded file (EXIF with GPS, XMP,
 * maker notes, trailing bytes) reaches storage or another person.
 */

/** The formats a photo proof may be sent in (rules.ts' message names them). */
type PhotoType = "jpeg" | "png" | "webp" | "heic";

/**
 * Larger than any phone camera (a 48 MP photo is 8064 × 6048), and refused from the header alone: a few kilobytes that
 * claim 100 000 × 100 000 pixels never get a 30 GB buffer.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
/** A phone photo takes well under a second; far more is a file built to keep the server busy. */
const TIMEOUT_SECONDS = 20;

type SharpModule = typeof import("sharp");
let sharpModule: Promise<SharpModule> | undefined;

/** sharp and its libvips (some 30 MB resident, 150 ms to load) come with the first photo, not at start (issue 13). */
async function loadSharp(): Promise<SharpModule["default"]> {
  sharpModule ??= import("sharp").catch((error: unknown) => {
    sharpModule = undefined;
    throw error;
  });
  return (await sharpModule).default;
}

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The brands an ISO-BMFF `ftyp` box names (major first), or null when the file does not start with one. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  // Bytes 12-16 are the minor version, not a brand.
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/**
 * The photo format by its first bytes (the name and the browser's type are the sender's word, not the file's), or null
 * for anything else. AVIF shares HEIF's container but is not offered to users, so it counts as "anything else".
 */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const brands = ftypBrands(bytes);
  if (!brands) return null;
  const [major = ""] = brands;
  if (HEIC_BRANDS.has(major)) return "heic";
  if (!GENERIC_HEIF_BRANDS.has(major)) return null;
  // mif1 only says "HEIF": the codec brands that follow tell an iPhone's HEVC photo from an AV1 one (AVIF).
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  return brands.some((brand) => AVIF_BRANDS.has(brand)) ? null : "heic";
}

/**
 * HEIC is decoded in a worker thread: libheif in wasm (heic-decode) runs synchronously, about a second for a 12 MP
 * iPhone photo, and would stall every other request of the server meanwhile. sharp cannot do it itself: its prebuilt
 * libvips leaves HEVC out for patent reasons. The worker is the only place that loads the 2 MB decoder, is started on
 * the first HEIC and ends when idle, which also frees the wasm memory (it never shrinks while the worker lives).
 * Its code is a string so that the bundled server (scripts/build-server.ts) needs no second entry point.
 */
const HEIC_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.heicDecode);
// libheif-js prints every parse failure with console.log; the server's stdout is its JSON log, and the caller already
// answers "photo unreadable".
console.log = console.error = () => {};
async function decodeFirst({ id, bytes, maxPixels }) {
  let images;
  try {
    images = await decode.all({ buffer: bytes });
    const image = images[0];
    // Checked from the header, before a single pixel is decoded: libheif's own limit is far above ours.
    if (!image || image.width < 1 || image.height < 1 || image.width * image.height > maxPixels) {
      parentPort.postMessage({ id, ok: false });
      return;
    }
    const { data } = await image.decode();
    parentPort.postMessage({ id, ok: true, width: image.width, height: image.height, data }, [data.buffer]);
  } catch {
    parentPort.postMessage({ id, ok: false });
  } finally {
    images?.dispose();
  }
}
// One at a time: the thread decodes one anyway, and decodes interleaved would hold their pixels in the wasm heap
// together (it grows to the largest need and never shrinks).
let queue = Promise.resolve();
parentPort.on("message", (job) => {
  queue = queue.then(() => decodeFirst(job));
});
`;
const HEIC_WORKER_IDLE_MS = 30_000;

type HeicPixels = { width: number; height: number; data: Uint8ClampedArray };
type HeicReply = { id: number } & (({ ok: true } & HeicPixels) | { ok: false });

let heicWorker:
  | { worker: Worker; pending: Map<number, (pixels: HeicPixels | null) => void>; idle?: NodeJS.Timeout }
  | undefined;
let nextHeicJob = 0;

function startHeicWorker() {
  // Named `require` so that knip sees the dependency; resolved here, where node_modules is known, not in the worker.
  const require = createRequire(import.meta.url);
  const heicDecode = require.resolve("heic-decode");
  const worker = new Worker(HEIC_WORKER, { eval: true, workerData: { heicDecode } });
  const state = { worker, pending: new Map<number, (pixels: HeicPixels | null) => void>() };
  const fail = () => {
    if (heicWorker === state) heicWorker = undefined;
    for (const settle of state.pending.values()) settle(null);
    state.pending.clear();
  };
  worker.on("message", (reply: HeicReply) => {
    state.pending.get(reply.id)?.(reply.ok ? reply : null);
    state.pending.delete(reply.id);
  });
  // A file that crashes or exhausts the wasm decoder takes down the worker, not the server; the next HEIC starts anew.
  worker.on("error", fail);
  worker.on("exit", fail);
  worker.unref();
  return state;
}

/** Stops a worker; the calls still waiting on it answer null (its exit event). Later calls start a new one. */
function retire(state: NonNullable<typeof heicWorker>) {
  if (heicWorker === state) heicWorker = undefined;
  void state.worker.terminate();
}

/** The pixels (RGBA) of a HEIC file's first image, turned by its own rotation and mirror boxes; null if unreadable. */
function decodeHeic(bytes: Uint8Array): Promise<HeicPixels | null> {
  heicWorker ??= startHeicWorker();
  const state = heicWorker;
  clearTimeout(state.idle);
  const id = nextHeicJob++;
  // A copy of the bytes alone, transferred: posting a view would clone the whole buffer behind it (a request's, or
  // Node's shared pool), and transferring it would empty the caller's. (Buffer#slice would not copy.)
  const copy = new Uint8Array(bytes);
  return new Promise<HeicPixels | null>((resolve) => {
    const timer = setTimeout(() => retire(state), TIMEOUT_SECONDS * 1000);
    state.pending.set(id, (pixels) => {
      clearTimeout(timer);
      if (state.pending.size <= 1 && heicWorker === state) {
        state.idle = setTimeout(() => retire(state), HEIC_WORKER_IDLE_MS).unref();
      }
      resolve(pixels);
    });
    state.worker.postMessage({ id, bytes: copy, maxPixels: MAX_INPUT_PIXELS }, [copy.buffer]);
  });
}

async function heicImage(sharp: SharpModule["default"], bytes: Uint8Array): Promise<Sharp | null> {
  const pixels = await decodeHeic(bytes);
  if (!pixels) return null;
  const { width, height, data } = pixels;
  return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
}

async function decoded(sharp: SharpModule["default"], bytes: Uint8Array, type: PhotoType): Promise<Sharp | null> {
  if (type === "heic") return heicImage(sharp, bytes);
  // failOn "warning" (sharp's default, kept on purpose): a truncated or damaged file is refused, not padded with grey.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" });
  // libvips picks its loader by content too; this keeps it to the three formats sniffed (never SVG, TIFF, PDF...).
  const { format } = await image.metadata();
  return format === type ? image.autoOrient() : null;
}

/** A photo proof as stored: WebP with no metadata at all, at most PHOTO_MAX_LONG_SIDE pixels on its long side. */
type ReencodedPhoto =
  | { ok: true; image: Buffer; contentType: "image/webp"; width: number; height: number }
  | { ok: false; code: "photoUnreadable" };

/**
 * Decodes a JPEG, PNG, WebP or HEIC photo, turns it upright by its EXIF orientation and encodes the pixels alone as a
 * new WebP. Any file that is not such a photo, or is damaged, or too large to decode safely, answers `photoUnreadable`;
 * it throws only when sharp itself cannot be loaded.
 */
export async function reencodePhoto(bytes: Uint8Array): Promise<ReencodedPhoto> {
  // Outside the try: sharp missing from the install is the server's fault, not the photo's (the caller answers 500).
  const sharp = await loadSharp();
  try {
    const type = photoTypeOf(bytes);
    const image = type ? await decoded(sharp, bytes, type) : null;
    if (!image) return { ok: false, code: "photoUnreadable" };
    const { data, info } = await image
      .resize({ width: PHOTO_MAX_LONG_SIDE, height: PHOTO_MAX_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, image: data, contentType: "image/webp", width: info.width, height: info.height };
  } catch {
    return { ok: false, code: "photoUnreadable" };
  }
}
