import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { AnswerResponse } from "./answer-response.ts";

/** The app's fetch; `bindings` carry Node's request and response, where getConnInfo finds the client's socket. */
type Fetch = (request: Request, bindings: HttpBindings) => Response | Promise<Response>;

/**
 * The app on Node's HTTP server, with compression done by Node's zlib streams on the way out (issue 13, decision
 * 0099): pages and API answers of 1 KB or more in brotli (quality 4) or gzip as the browser accepts, small answers as
 * they are, and files the build precompressed (they carry Content-Encoding already) untouched. Each answer's head is
 * written by Node in one step, the frame's headers in it (http/answer-response.ts, decision 0178).
 *
 * Hono's `compress()` middleware did this on the Fetch Response, which made every answer, small JSON included, a
 * ReadableStream piped through a CompressionStream: reading the body turned @hono/node-server's light Response into a
 * full one. That cost more than half of an anonymous request's time.
 */
export function createHttpServer(fetch: Fetch, options: { bodyIdleMs?: number } = {}): Server {
  const stalls = createStallWatch(options.bodyIdleMs ?? DEFAULT_BODY_IDLE_MS);
  // The bindings go on to the app: without them no route knows the client's address, and every per-IP limit is
  // skipped (issue 24 #1). The answer knows its request, so only the frame serving it adds to its head.
  const listener = getRequestListener((request, bindings) => {
    (bindings.outgoing as AnswerResponse).request = request;
    return fetch(request, bindings as HttpBindings);
  });
  // Node's types tie a response class to its request's; ours serves Node's own IncomingMessage.
  const server = createServer({ ServerResponse: AnswerResponse as unknown as typeof ServerResponse }, (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Before the answer: Node's own end of a "Connection: close" answer runs first and closes at once.
      lingerOnClose(req);
      res.once("finish", () => req.complete || discardUnreadBody(req));
      stalls.watch(req);
    }
    void listener(req, res);
  });
  // An idle kept-alive connection is closed by the server only after its clients and proxies would have dropped it:
  // with Node's 5 s, a client that sent its next request just as the server closed the socket got a reset (seen in a
  // browser test's API client), and a proxy keeping connections to the instances longer hits the same race.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Counted from a request's first byte, so it must outlast the idle wait before it (Node's advice).
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.once("close", stalls.stop);
  return server;
}

/**
 * A body that stops coming holds its connection, and an upload its slot (issue 52 row 2): without this, until Node's
 * requestTimeout (300 s). A phone on a slow network still sends something every few seconds; a body with nothing for
 * this long is not coming. Whatever the framing (a Content-Length that promised more, a chunked body without its last
 * chunk), the connection is closed once nothing has arrived on it for this long before the body is complete. The
 * reader waiting for the body then fails like any lost connection, and the upload's slot is free.
 */
const DEFAULT_BODY_IDLE_MS = 20_000;

/**
 * Watches the requests whose bodies are still coming by the bytes their sockets have read, in one sweep a quarter of
 * the idle time apart. Node's socket timeout would do it per socket, but it is Node's own keep-alive timer too, and
 * its handler closes the socket of a complete request whose answer is merely slow.
 */
function createStallWatch(idleMs: number) {
  const watched = new Map<IncomingMessage, { bytesRead: number; since: number }>();
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const [req, seen] of watched) {
        if (req.complete || req.destroyed) watched.delete(req);
        else if (req.socket.bytesRead !== seen.bytesRead)
          watched.set(req, { bytesRead: req.socket.bytesRead, since: now });
        else if (now - seen.since >= idleMs) {
          watched.delete(req);
          req.socket.destroy();
        }
      }
    },
    Math.max(50, Math.min(1_000, idleMs / 4)),
  );
  sweep.unref();
  return {
    watch(req: IncomingMessage) {
      if (req.complete) return;
      watched.set(req, { bytesRead: req.socket.bytesRead, since: performance.now() });
      req.once("close", () => watched.delete(req));
    },
    stop: () => clearInterval(sweep),
  };
}

/** Longer than the usual idle timeouts of clients and of load balancers (60 s), as Node's documentation advises. */
const KEEP_ALIVE_MS = 65_000;

/**
 * An answer sent before its request's body was read (413 by Content-Length, or the limit passed mid-stream) leaves the
 * rest of the body on a connection the client keeps alive. @hono/node-server drains it, bounded in time and bytes, but
 * the body's web stream still listens and pauses the request whenever its queue is full, so the drain stalled until
 * the adapter gave up and destroyed the socket: the client's next request on it was reset (issue 24 #3). Nothing reads
 * the body once the answer is out: its listeners go, the bytes flow away, and the adapter's bounds still apply.
 */
function discardUnreadBody(req: IncomingMessage) {
  req.removeAllListeners("data");
  req.resume();
}

/** How long a connection closed under a body still coming keeps reading it, so the client can read the answer. */
const LINGER_MS = 5_000;

/**
 * An answer sent while the body still comes (a 429 for an upload without a slot, a 413) ends in @hono/node-server
 * closing the socket half a second later if the body has not ended. Closed with the client's bytes still arriving,
 * the kernel answers them with a reset, and a reset erases whatever the client had not read yet: the 429 it was sent
 * (a browser shows a network error instead of "busy"; issue 52's test saw 7 of 16 refusals arrive as closed
 * connections). So the close lingers, as web servers do: the answer is followed by an orderly end of the server's
 * side, what the client still sends is read and dropped, and the socket goes when the client ends his side or after
 * LINGER_MS.
 */
function lingerOnClose(req: IncomingMessage) {
  const socket = req.socket as Socket & { [currentRequest]?: IncomingMessage };
  const installed = socket[currentRequest] !== undefined;
  socket[currentRequest] = req;
  if (installed) return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    // A body that came to its end leaves nothing to reset the answer: the usual close.
    const current = socket[currentRequest];
    if (!current || current.complete) return destroySoon();
    if (socket.destroyed || socket.writableEnded) return;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/** The request a kept-alive socket is serving now, for its lingering close. */
const currentRequest = Symbol("currentRequest");

/** Listens on the port and host and resolves with the server once it accepts connections. */
export function listen(server: Server, port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
