import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { httpMessages } from "./errors.ts";

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
export function bodyLimit(maxBytes: number, options: { except?: readonly string[] } = {}): MiddlewareHandler {
  const limit = honoBodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error: httpMessages.tooLarge }, 413) });
  const except = new Set(options.except ?? []);
  return (c, next) => (withoutBody(c.req.method) || except.has(c.req.path) ? next() : limit(c, next));
}
