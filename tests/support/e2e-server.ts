import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild } from "#scripts/ensure-build.ts";
import { E2E } from "./e2e-ports.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// The browser tests' server: the built app started as `npm start` starts it, on a fresh
// embedded database, sending its e-mail to a real SMTP sink whose mail the tests read
// over a small HTTP endpoint.
const sink = await startSmtpSink(E2E.smtpPort);
/** Set once the server runs: what `/operator` marks an account in. */
let serverDatabase: { db: import("#server/db/client.ts").Db } | undefined;
createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  res.setHeader("content-type", "application/json");
  // `/operator?email=`: what `npm run community:operator -- <email>` does, run in this process, which alone holds the
  // embedded database (decision 0136). Loopback only, and only in the browser tests' server.
  if (url.pathname === "/operator" && serverDatabase) {
    const { markOperator } = await import("#server/services/community/operators.ts");
    res.end(JSON.stringify({ change: await markOperator(serverDatabase.db, url.searchParams.get("email") ?? "") }));
    return;
  }
  // `/challenge-accepted?email=&minutesAgo=`: his run challenge accepted that long ago, so a browser test can type a run
  // that fits the time since (issue 53 row 2) without waiting for it.
  if (url.pathname === "/challenge-accepted" && serverDatabase) {
    const { eq } = await import("drizzle-orm");
    const { users } = await import("#server/db/schema.ts");
    const { acceptedChallengeMinutesAgo } = await import("./run-challenge.ts");
    const email = (url.searchParams.get("email") ?? "").toLowerCase();
    const [user] = await serverDatabase.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (user) await acceptedChallengeMinutesAgo(serverDatabase.db, user.id, Number(url.searchParams.get("minutesAgo")));
    res.end(JSON.stringify({ found: Boolean(user) }));
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase() ?? "";
  res.end(JSON.stringify(sink.mails.filter((m) => m.to.includes(to))));
}).listen(E2E.mailApiPort, "127.0.0.1");

Object.assign(process.env, {
  NODE_ENV: "test",
  PORT: String(E2E.appPort),
  APP_URL: E2E.baseUrl,
  DATA_DIR: mkdtempSync(join(tmpdir(), "unscroll-e2e-")),
  SMTP_URL: sink.url,
  // Each e2e port builds into its own folder, so parallel runs never overwrite each other.
  BUILD_DIR: process.env.BUILD_DIR ?? (E2E.appPort === 3920 ? "build" : `.tmp/build-${E2E.appPort}`),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Reminders are planned every minute, so a browser test sees one arrive.
  REMINDER_CRON: "* * * * *",
  ...JSON.parse(process.env.E2E_EXTRA_ENV ?? "{}"),
});

ensureBuild();
const { startServer } = await import("#server/server.ts");
serverDatabase = (await startServer({ serveClient: true }))?.database;
