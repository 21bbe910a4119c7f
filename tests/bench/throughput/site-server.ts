// A child process of tests/bench/static-and-session.ts (decision 0112): the app with the built client on a loopback
// port, the embedded database in memory, one signed-in user. The benchmark bundles it as it is, with the hand-written
// site of tests/bench/baseline/ in place of src/server/static.ts, and with the session read of tests/bench/alternatives/
// in place of src/server/auth/session-read.ts. BENCH_SITE=disk serves /assets/ from the disk through
// @hono/node-server's serveStatic. Prints one JSON line {port, cookie} when ready.
import { loadStaticSite } from "#server/static.ts";
import { loadDiskSite } from "../alternatives/static-from-disk.ts";
import { createBenchApp } from "../bench-app.ts";

const client = process.env.BENCH_CLIENT_DIR ?? "build/client";
const site = process.env.BENCH_SITE === "disk" ? await loadDiskSite(client) : await loadStaticSite(client);
const t = await createBenchApp({
  site,
  env: { SESSION_CACHE_SECONDS: process.env.BENCH_SESSION_CACHE_SECONDS ?? "10" },
});
const user = await t.createUser();
const http = await t.listen();
process.stdout.write(`${JSON.stringify({ port: http.port, cookie: user.cookie })}\n`);
process.on("SIGTERM", async () => {
  await http.close();
  await t.close();
  process.exit(0);
});
