// A child process of the throughput benchmark: the hardware's ceiling, a bare Node http server answering a small
// JSON body. Prints one JSON line {port} when ready.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const body = JSON.stringify({ status: "ok" });
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
