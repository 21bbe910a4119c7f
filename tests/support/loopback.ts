import type { Agent, Server } from "node:http";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createHttpServer, listen } from "#server/http/node-server.ts";

/** An answer's bytes as sent: fetch would decompress them and hide the encoding. */
export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  reusedSocket: boolean;
};

/**
 * `fetch` on the app's own HTTP server (`createHttpServer`) on a loopback port for the test file's life; the port is
 * read once the server listens.
 */
export function servedOnLoopback(fetch: Parameters<typeof createHttpServer>[0]): { readonly port: number } {
  const served = { port: 0 };
  let server: Server;
  beforeAll(async () => {
    server = await listen(createHttpServer(fetch), 0, "127.0.0.1");
    served.port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return served;
}

/** One request with Node's own client, answered with the bytes as sent. */
export function sendRaw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent; from?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { method = "GET", headers = {}, body, agent, from } = options;
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}
