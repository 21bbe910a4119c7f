import Busboy, { type BusboyInstance } from "@fastify/busboy";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { PROOF_FILE_MAX_BYTES } from "#shared/proof/rules.ts";
import { createRateLimiter } from "../auth/rate-limit.ts";
import type { AuthedEnv } from "../context.ts";
import { DomainError, type DomainErrorCode } from "../services/domain-error.ts";
import { UPLOAD_MAX_BYTES } from "./body-limit.ts";
import { httpMessages } from "./errors.ts";

const MIN_ADMITTED_BYTES = 64 * 1024;
/** A proof form's text fields (a run's notes, say) are a few kilobytes; the one file is the upload. */
const FORM_LIMITS = { files: 1, fields: 8, parts: 9, fieldSize: 16 * 1024, fileSize: PROOF_FILE_MAX_BYTES };

/**
 * The multipart body, read as it arrives (@fastify/busboy) into the FormData the `form` validator reads. Hono's own
 * way buffers the whole body and then parses it in one go (undici's FormData): 50 to 190 ms of the server's thread
 * for a 10 MB file, during which no other request is answered. Here each piece costs a few microseconds as it comes.
 * A body that is not multipart is read as it is, for the validator to answer.
 *
 * Whatever framing the body has, no more than UPLOAD_MAX_BYTES of it is read (issue 52 row 2). Every stream here has
 * an `error` handler: an unhandled one on the file's stream ended the process when a body stopped before its closing
 * boundary (row 1).
 */
async function readProofForm(c: Context<AuthedEnv>): Promise<void> {
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (!body) return;
  try {
    if (/^multipart\/form-data\s*;/i.test(type)) {
      c.req.bodyCache.formData = await readMultipart(type, body);
    } else {
      // Not a form that can carry a file: the validator says what is wrong with it, from a body read within the
      // upload's limit now that the upload holds its slot.
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      await readWithin(body, (chunk) => void chunks.push(chunk));
      c.req.raw = new Request(c.req.raw, { body: new Blob(chunks) });
    }
  } catch (error) {
    // Over the size (413) or a body that is not a whole form, or a connection that ended mid-way: answered as they are.
    if (error instanceof HTTPException || error instanceof DomainError) throw error;
    throw new HTTPException(400, { message: httpMessages.unreadable, cause: error });
  }
}

/**
 * Reads `body` into `write` piece by piece, and no more than UPLOAD_MAX_BYTES of it whatever its framing: a chunked
 * body announces no size, and is refused as soon as it passes the limit. On any failure the rest is neither read nor
 * cancelled: cancelling would close the connection under the answer. Once the answer is out, the server lets the
 * rest flow away (node-server.ts), within its bounds.
 */
async function readWithin(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  write: (chunk: Uint8Array<ArrayBuffer>) => undefined | Promise<unknown>,
) {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > UPLOAD_MAX_BYTES) throw new DomainError("proof.tooLarge");
      await write(value);
    }
  } catch (error) {
    reader.releaseLock();
    throw error;
  }
}

async function readMultipart(type: string, body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<FormData> {
  const form = new FormData();
  let tooLarge = false;
  let parser: BusboyInstance;
  try {
    parser = Busboy({ headers: { "content-type": type }, limits: FORM_LIMITS });
  } catch {
    // No boundary in the header: nothing can be read from the body.
    throw new HTTPException(400, { message: httpMessages.unreadable });
  }
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      // Node's Buffers of the socket's data: ArrayBuffer-backed, never shared.
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      stream.on("data", (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk));
      stream.on("limit", () => {
        tooLarge = true;
      });
      // "Part terminated early": the body ended inside the file.
      stream.on("error", reject);
      stream.on("end", () => {
        if (!tooLarge) form.append(name, new File(chunks, filename ?? "upload", { type: mimeType }));
      });
    });
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  // Settled or not, a rejection of `done` is read below; until then it must not count as unhandled.
  done.catch(() => {});
  try {
    await readWithin(body, (chunk) =>
      // A parser that failed drains no more: its error answers, rather than a wait for a drain that never comes.
      parser.write(chunk) ? undefined : Promise.race([new Promise((drained) => parser.once("drain", drained)), done]),
    );
    parser.end();
    await done;
  } catch (error) {
    parser.destroy();
    throw error;
  }
  if (tooLarge) throw new DomainError("proof.tooLarge");
  return form;
}

/**
 * What an upload is counted as: its Content-Length (one over the most an upload may be is refused before), at
 * least a small file's share for the form around it, and the most an upload may be when it is sent in chunks of
 * unknown total.
 */
function admittedBytes(contentLength: string | undefined): number {
  const declared = Number(contentLength);
  if (contentLength === undefined || !Number.isFinite(declared)) return UPLOAD_MAX_BYTES;
  return Math.min(UPLOAD_MAX_BYTES, Math.max(MIN_ADMITTED_BYTES, declared));
}

/** The refusals of acceptProofUpload, for the routes' documents (decision 0111). */
export const proofUploadRefusals = [
  "proof.accountBusy",
  "proof.busy",
  "limit.tooManyRequests",
  "proof.tooLarge",
] as const satisfies readonly DomainErrorCode[];

/**
 * In front of a proof upload's route, before its body is read (issue 41, decision 0116): a slot among the uploads
 * this instance takes in at once (503 or 429 with Retry-After at once when there is none), then his hourly count
 * (RATE_LIMIT_PROOF_UPLOADS_PER_USER: reading an activity file or encoding a photo takes real work), then the body,
 * read as it arrives. The slot is his until the upload is answered.
 */
export const acceptProofUpload = createMiddleware<AuthedEnv>(async (c, next) => {
  const { env, database, uploadSlots } = c.get("deps");
  const contentLength = c.req.header("content-length");
  // Refused by its headers, before a slot or a byte of the body: a body that says it is over the limit.
  if (Number(contentLength) > UPLOAD_MAX_BYTES) throw new DomainError("proof.tooLarge");
  const release = uploadSlots.take(c.get("user").id, admittedBytes(contentLength));
  try {
    const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
    // The account's id stands where an address would: the counter is his, whatever network he is on.
    const verdict = await limiter.consume("proofUpload", { email: `user:${c.get("user").id}` });
    if (!verdict.allowed) {
      throw new DomainError("limit.tooManyRequests", { retryAfterSeconds: verdict.retryAfterSeconds });
    }
    await readProofForm(c);
    await next();
  } finally {
    release();
  }
});
