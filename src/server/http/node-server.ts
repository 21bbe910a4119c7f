import { createServer, type IncomingMessage, type Server } from "node:http";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import compression from "compression";

/** The app's fetch; `bindings` carry Node's request and response, where getConnInfo finds the client's socket. */
type Fetch = (request: Request, bindings: HttpBindings) => Response | Promise<Response>;

/**
 * The app on Node's HTTP server, with compression done by Node's zlib streams on the way out (issue 13, decision
 * 0099): pages and API answers of 1 KB or more in brotli (quality 4) or gzip as the browser accepts, small answers as
 * they are, and files the build precompressed (they carry Content-Encoding already) untouched.
 *
 * Hono's `compress()` middleware did this on the Fetch Response, which made every answer, small JSON included, a
 * ReadableStream piped through a CompressionStream: reading the body turned @hono/node-server's light Response into a
 * full one. That cost more than half of an anonymous request's time.
 */
export function createHttpServer(fetch: Fetch): Server {
  // Reading `headers` makes @hono/node-server write Content-Length as a header rather than into Node's private
  // length field, so the compression below sees the size and leaves small answers alone.
  // The bindings go on to the app: without them no route knows the client's address, and every per-IP limit is
  // skipped (issue 24 #1).
  const listener = getRequestListener(async (request, bindings) => {
    const response = await fetch(request, bindings as HttpBindings);
    void response.headers;
    return response;
  });
  const compress = compression({ threshold: 1024 });
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", () => req.complete || discardUnreadBody(req));
    // The middleware's types are Express's; it only reads Node's request and wraps the response's write methods.
    compress(req as never, res as never, () => void listener(req, res));
  });
  // An idle kept-alive connection is closed by the server only after its clients and proxies would have dropped it:
  // with Node's 5 s, a client that sent its next request just as the server closed the socket got a reset (seen in a
  // browser test's API client), and a proxy keeping connections to the instances longer hits the same race.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Counted from a request's first byte, so it must outlast the idle wait before it (Node's advice).
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
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
