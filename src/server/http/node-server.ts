import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import compression from "compression";

type Fetch = (request: Request) => Response | Promise<Response>;

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
  const listener = getRequestListener(async (request) => {
    const response = await fetch(request);
    void response.headers;
    return response;
  });
  const compress = compression({ threshold: 1024 });
  return createServer((req, res) => {
    // The middleware's types are Express's; it only reads Node's request and wraps the response's write methods.
    compress(req as never, res as never, () => void listener(req, res));
  });
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
