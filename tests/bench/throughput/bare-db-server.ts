// A child process of the throughput benchmark: what the database alone allows, with no framework. A bare Node http
// server answers each request with one statement on the app's own PostgreSQL database: BENCH_QUERY=session (the
// default) runs a prepared, indexed token lookup like the session read; BENCH_QUERY=dashboard runs the dashboard's
// own statement (readDashboard) for the seeded user. Prints one JSON line {port} when ready.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";
import { preparedStatement } from "#server/db/prepared.ts";
import { readDashboard } from "#server/services/dashboard/dashboard.ts";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
const { db } = database;
const [owner] = (
  await db.execute<{ id: string }>(sql`select user_id as id from challenges where challenge_accepted limit 1`)
).rows;
if (!owner) throw new Error("no user with an accepted challenge: run the app's benchmark first");

const sessionByToken = preparedStatement(
  "bare_session",
  () => sql`select user_id, expires_at from sessions where token = ${sql.placeholder("token")} limit 1`,
);

async function answer(): Promise<unknown> {
  if (process.env.BENCH_QUERY === "dashboard") return readDashboard(db, { id: owner!.id, firstName: "Bench" });
  const { rows } = await sessionByToken(db, { token: "no-such-token" });
  return { status: "ok", found: rows.length };
}

const server = createServer(async (_req, res) => {
  const body = JSON.stringify(await answer());
  res.writeHead(200, { "content-type": "application/json" });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => database.close().then(() => process.exit(0))));
