// A child process of the throughput benchmark: the framework's ceiling, a bare Hono app on @hono/node-server
// answering the same small JSON body as the bare Node server. Prints one JSON line {port} when ready.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.json({ status: "ok" }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
