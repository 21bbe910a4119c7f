import type { MiddlewareHandler } from "hono";
import { isStorableText, unstorableTextMessage } from "#shared/text-rules.ts";
import { withoutBody } from "./body-limit.ts";

/** Every string in a parsed JSON value, object keys included; iterative, so no nesting depth can overflow the stack. */
function allStorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!isStorableText(next)) return false;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

function decoded(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The request's URL is already parsed and written back by the server (its path normalized, its query as sent), so its
 * path and query are cut from it as they are rather than parsed again per request (issue 58).
 */
function pathAndQueryStorable(url: string) {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const hash = url.indexOf("#", start);
  const end = hash === -1 ? url.length : hash;
  const mark = url.indexOf("?", start);
  const query = mark !== -1 && mark < end;
  const path = url.slice(start, query ? mark : end);
  if (!isStorableText(path.includes("%") ? decoded(path) : path)) return false;
  if (!query) return true;
  return [...new URLSearchParams(url.slice(mark + 1, end))].every(
    ([key, value]) => isStorableText(key) && isStorableText(value),
  );
}

function bodyStorable(type: string, text: string) {
  if (type.includes("application/x-www-form-urlencoded")) {
    return [...new URLSearchParams(text)].every(([key, value]) => isStorableText(key) && isStorableText(value));
  }
  if (type.includes("json")) {
    try {
      return allStorable(JSON.parse(text));
    } catch {
      // Not JSON after all: the route answers that itself.
    }
  }
  return isStorableText(text);
}

/**
 * Refuses, with one 400 for every route, a request whose path, query or body holds text no database column can keep
 * (a NUL or an unpaired surrogate, see shared/text.ts), before any handler or better-auth sees it. It reads
 * the body through Hono's cache, so the route reads the same text again; it must run after the body limit.
 * `filesWhen`: paths that take a file, whose path and query are checked but not their body.
 */
export function refuseUnstorableText(
  options: { except?: readonly string[]; filesWhen?: (path: string) => boolean } = {},
): MiddlewareHandler {
  const except = new Set(options.except ?? []);
  return async (c, next) => {
    if (except.has(c.req.path)) return next();
    let storable = pathAndQueryStorable(c.req.url);
    // A file upload's body is bytes (a FIT file holds NULs by design); its text fields go through userText's checks.
    const files = options.filesWhen?.(c.req.path) ?? false;
    if (storable && !files && !withoutBody(c.req.method) && c.req.raw.body) {
      const text = await c.req.text();
      storable = bodyStorable(c.req.header("content-type") ?? "", text);
      // Readers of the raw request (rather than Hono's cache) still find the body.
      c.req.raw = new Request(c.req.raw, { body: text });
    }
    if (!storable) return c.json({ error: unstorableTextMessage }, 400);
    return next();
  };
}
