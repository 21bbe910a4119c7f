import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { PROOF_FILE_MAX_BYTES } from "#shared/proof/rules.ts";
import { DomainError } from "../services/domain-error.ts";

/** What any /api request may send: the largest real body (a bulk milestone save) is a few kilobytes. */
export const API_MAX_BYTES = 64 * 1024;

/**
 * GET and HEAD requests reach the app without a body (the Node adapter never reads one), and asking for it would build
 * a full Fetch Request for nothing: a sixth of a GET's time (issue 13).
 */
export const withoutBody = (method: string) => method === "GET" || method === "HEAD";

/**
 * Refuses bodies over `maxBytes` with 413 before a handler reads them: at once by Content-Length, and for a chunked
 * body as soon as the bytes read pass the limit (nothing beyond it is buffered). `except`: paths that set their own.
 */
export function bodyLimit(
  maxBytes: number,
  options: { except?: readonly string[]; exceptWhen?: (path: string, method: string) => boolean } = {},
): MiddlewareHandler {
  // Thrown, not answered here: the catalog (errors.ts) gives the status and message, as for every refusal.
  const limit = honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new DomainError("request.tooLarge");
    },
  });
  const except = new Set(options.except ?? []);
  const skip = (path: string, method: string) => except.has(path) || (options.exceptWhen?.(path, method) ?? false);
  return (c, next) => (withoutBody(c.req.method) || skip(c.req.path, c.req.method) ? next() : limit(c, next));
}

/**
 * The routes that take a file (a proof, issue 26): a larger limit of their own, with the proof's message, and a body
 * that is bytes, not text. That limit is kept by the upload's own reader (proof-upload.ts), which takes the upload's
 * slot before it reads a byte: Hono's bodyLimit reads a chunked body whole into memory before the next handler runs.
 */
const uploadPaths = [/^\/api\/onboarding\/run-validation\/file$/, /^\/api\/milestones\/[^/]+\/proof$/];
export const isUploadPath = (path: string) => uploadPaths.some((pattern) => pattern.test(path));
/** An upload itself: removing a proof (DELETE on the same path) sends no file and keeps every request's limit. */
export const isUpload = (path: string, method: string) => method === "POST" && isUploadPath(path);
/** The file itself and the multipart framing and fields around it. */
export const UPLOAD_MAX_BYTES = PROOF_FILE_MAX_BYTES + 64 * 1024;
