import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { httpMessages } from "./errors.ts";

/** Refuses bodies over `maxBytes` with 413 before a handler reads them. */
export function bodyLimit(maxBytes: number) {
  return honoBodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error: httpMessages.tooLarge }, 413) });
}
