import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import type { Logger } from "../logger.ts";
import { answerServing, type FrameHeader, frameOf } from "./answer-response.ts";
import { loggablePath } from "./loggable-path.ts";
import { securityHeaders } from "./security-headers.ts";

/** As hono's requestId(): a caller's id is kept when it is short and plain, else a new one is made. */
const REQUEST_ID_HEADER = "X-Request-Id";
const REQUEST_ID_MAX_LENGTH = 255;
const UNSAFE_REQUEST_ID = /[^\w\-=]/;

/**
 * The request's logger, made only when something logs through it: pino's child serializes its bindings as it is made,
 * and most requests log nothing but their one line, which the frame writes through the parent.
 */
function lazyChild(logger: Logger, reqId: string): Logger {
  let child: Logger | undefined;
  return new Proxy({} as Logger, {
    get(_target, property) {
      child ??= logger.child({ reqId });
      const value: unknown = Reflect.get(child, property, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}

/** API answers are per user: nothing may keep them unless a route says otherwise. */
const NO_STORE: FrameHeader = ["cache-control", "no-store"];

/**
 * In-process (a page's API calls, tests' app.request) the frame's headers go on the answer itself, as the server
 * writes them into its head: the request id, and each of the others the answer did not set.
 */
function setOnAnswer(headers: Headers, reqId: string, frame: readonly FrameHeader[]) {
  headers.set(REQUEST_ID_HEADER, reqId);
  for (const [name, value] of frame) if (!headers.has(name)) headers.set(name, value);
  headers.delete("X-Powered-By");
}

function noStore(c: Context) {
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
}

/**
 * What every answer goes through, in one layer rather than four (issue 58, decision 0173): the request id (hono's
 * requestId() semantics, its X-Request-Id header included), the deps and the request's logger, the protective headers
 * (http/security-headers.ts), no-store on every API answer a route did not give its own Cache-Control, and one log
 * line per API request.
 */
export function requestFrame(deps: Deps): MiddlewareHandler<AppEnv> {
  const headers = securityHeaders(deps.env);
  const { logger } = deps;
  // Every API answer's headers but its request id, made once the protective ones are learnt (at start).
  let apiFrame: readonly FrameHeader[] | undefined;
  let learning: Promise<readonly FrameHeader[]> | undefined;
  const learnApiFrame = () =>
    (learning ??= Promise.resolve(headers.apiList()).then((list) => {
      apiFrame = frameOf([NO_STORE, ...list]);
      return apiFrame;
    }));
  return async (c, next) => {
    let reqId = c.req.header(REQUEST_ID_HEADER);
    if (!reqId || reqId.length > REQUEST_ID_MAX_LENGTH || UNSAFE_REQUEST_ID.test(reqId)) reqId = crypto.randomUUID();
    c.set("requestId", reqId);
    c.set("deps", deps);
    c.set("log", lazyChild(logger, reqId));
    const { path } = c.req;
    if (!path.startsWith("/api/")) {
      c.header(REQUEST_ID_HEADER, reqId);
      await headers.pages(c, next);
      // The API's root without its slash is no API route, but was always kept from caches like them.
      if (path === "/api") noStore(c);
      return;
    }

    const started = performance.now();
    await next();
    const frame = apiFrame ?? (await learnApiFrame());
    const answer = answerServing(c.env, c.req.raw);
    if (answer) {
      // On the HTTP server the headers join the head Node writes (decision 0178); the answer's own win.
      answer.requestId = reqId;
      answer.frame = frame;
    } else setOnAnswer(c.res.headers, reqId, frame);
    if (logger.isLevelEnabled("info")) {
      const line = {
        reqId,
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      };
      logger.info(line, "request");
    }
  };
}
