import { type OutgoingHttpHeaders, ServerResponse } from "node:http";
import compressible from "compressible";
import compression from "compression";
import { append as varyOn } from "vary";

/** Answers of this many bytes or more go out in brotli or gzip as the browser accepts (issue 13, decision 0099). */
const COMPRESS_FROM_BYTES = 1024;
const compress = compression({ threshold: COMPRESS_FROM_BYTES });

/** A header the frame adds to an answer that did not set its own, name in lower case. */
export type FrameHeader = readonly [name: string, value: string];

/**
 * Node's answer to one request, whose head is written in one step (issue 58, decision 0178). The request's frame
 * (http/request-frame.ts) hands it the headers every API answer carries (the request id, no-store, the protective
 * headers); they join the head @hono/node-server writes, where the answer did not set its own, instead of being set
 * one by one on the answer's Fetch `Headers` and copied again by the adapter.
 *
 * The `compression` middleware is engaged only for an answer it may compress: one of unknown length or of 1 KB or
 * more, not already encoded, not for HEAD. Engaged on every answer, its `on-headers` hook turned Node's one-step head
 * into a `setHeader` per header. A smaller answer gets what the middleware gave it: `Vary: Accept-Encoding` when its
 * type is compressible and it allows transforms.
 */
export class AnswerResponse extends ServerResponse {
  /** The request @hono/node-server made of this one: only the frame serving it may add headers (not an in-process call). */
  request?: Request;
  /** Sent as X-Request-Id. */
  requestId?: string;
  /** The headers every answer of its kind carries, names in lower case (made once: see `frameOf`). */
  frame?: readonly FrameHeader[];
  #compressing = false;

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | readonly unknown[],
    maybeHeaders?: OutgoingHttpHeaders | readonly unknown[],
  ): this {
    // Called again by the compression's own hook, once engaged, with the head already set on the answer.
    if (this.#compressing) return super.writeHead(statusCode, reasonOrHeaders as string, maybeHeaders as never);
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    const given = reason === undefined ? reasonOrHeaders : maybeHeaders;
    // Raw arrays of names and values are not written by the adapter; such a head goes out as given.
    if (Array.isArray(given)) return super.writeHead(statusCode, reason as string, given as never);
    const { head, facts } = this.#withFrame(given as OutgoingHttpHeaders | undefined);
    if (this.#mayCompress(facts)) {
      this.#compressing = true;
      compress(this.req as never, this as never, () => {});
      // The hook compression put on this answer sets the head, decides, and calls this method again.
      return reason === undefined ? this.writeHead(statusCode, head) : this.writeHead(statusCode, reason, head);
    }
    if (variesByEncoding(facts))
      head[facts.varyName ?? "vary"] = facts.vary ? varyOn(facts.vary, "Accept-Encoding") : "Accept-Encoding";
    return reason === undefined ? super.writeHead(statusCode, head) : super.writeHead(statusCode, reason, head);
  }

  /**
   * The answer's head with the frame's headers it lacks (the answer's own object is never changed), and what the
   * compression decides on, read in the same pass. Built by adding only, never deleting: an object V8 keeps in its
   * fast shape, which Node then walks to write the head.
   */
  #withFrame(given: OutgoingHttpHeaders | undefined): { head: OutgoingHttpHeaders; facts: Facts } {
    const head: OutgoingHttpHeaders = {};
    const facts: Facts = {};
    const own: string[] = [];
    if (given)
      for (const name in given) {
        const lower = name.toLowerCase();
        if (lower === "x-powered-by") continue;
        const value = given[name];
        head[name] = value;
        own.push(lower);
        const fact = FACTS[lower];
        if (fact && value !== undefined) {
          facts[fact] = String(value);
          if (fact === "vary") facts.varyName = name;
        }
      }
    // Set on the answer before its head (rare): they win over the frame's, and count for the compression.
    for (const name of this.getHeaderNames()) {
      own.push(name);
      const fact = FACTS[name];
      if (fact && facts[fact] === undefined) facts[fact] = String(this.getHeader(name));
    }
    if (this.requestId !== undefined && !own.includes("x-request-id")) head["x-request-id"] = this.requestId;
    if (this.frame)
      for (const [name, value] of this.frame) {
        if (own.includes(name)) continue;
        head[name] = value;
        const fact = FACTS[name];
        if (fact && facts[fact] === undefined) facts[fact] = value;
      }
    return { head, facts };
  }

  #mayCompress(facts: Facts): boolean {
    if (this.req.method === "HEAD") return false;
    if (facts.encoding !== undefined && facts.encoding !== "identity") return false;
    // @hono/node-server hands Node a string's length in its private field rather than as a header.
    const length = facts.length !== undefined ? Number(facts.length) : (this as unknown as LengthField)._contentLength;
    return typeof length !== "number" || Number.isNaN(length) || length >= COMPRESS_FROM_BYTES;
  }
}

type LengthField = { _contentLength: number | null };

/** The headers the compression decides on. */
type Facts = {
  type?: string;
  encoding?: string;
  length?: string;
  cacheControl?: string;
  vary?: string;
  varyName?: string;
};

const FACTS: Record<string, "type" | "encoding" | "length" | "cacheControl" | "vary"> = {
  "content-type": "type",
  "content-encoding": "encoding",
  "content-length": "length",
  "cache-control": "cacheControl",
  vary: "vary",
};

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;
const compressibleTypes = new Map<string, boolean>();

/** As the compression middleware decides before its size check: a compressible type that allows transforms. */
function variesByEncoding(facts: Facts): boolean {
  const { type } = facts;
  if (type === undefined) return false;
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    known = compressible(type) ?? false;
    // The types an app sends are few; a bound keeps a stream of odd ones from growing the map.
    if (compressibleTypes.size < 256) compressibleTypes.set(type, known);
  }
  if (!known) return false;
  return facts.cacheControl === undefined || !NO_TRANSFORM.test(facts.cacheControl);
}

/** The frame's headers as `AnswerResponse.frame` takes them. */
export function frameOf(headers: readonly FrameHeader[]): readonly FrameHeader[] {
  return Object.freeze(headers.map(([name, value]) => [name.toLowerCase(), value] as const));
}

/** The answer Node made for `request`, when the app runs on the HTTP server (not for an in-process call). */
export function answerServing(bindings: unknown, request: Request): AnswerResponse | undefined {
  const outgoing = (bindings as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof AnswerResponse && outgoing.request === request ? outgoing : undefined;
}
