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
/** Set once the server runs: the instance's services, which `/operator` and the builders use. */
let serverDeps: import("#server/context.ts").Deps | undefined;
/** Set once the server runs: its outbox, which `/outbox/plan` runs now. */
let serverOutbox: import("#server/services/outbox/queue.ts").Outbox | undefined;

async function readJson(req: import("node:http").IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  res.setHeader("content-type", "application/json");
  // `/operator?email=`: what `npm run community:operator -- <email>` does, run in this process, which alone holds the
  // embedded database (decision 0136). Loopback only, and only in the browser tests' server.
  if (url.pathname === "/operator" && serverDeps) {
    const { markOperator } = await import("#server/services/community/operators.ts");
    res.end(
      JSON.stringify({ change: await markOperator(serverDeps.database.db, url.searchParams.get("email") ?? "") }),
    );
    return;
  }
  // `/challenge-accepted?email=&minutesAgo=`: his run challenge accepted that long ago, so a browser test can type a run
  // that fits the time since (issue 53 row 2) without waiting for it.
  if (url.pathname === "/challenge-accepted" && serverDeps) {
    const { eq } = await import("drizzle-orm");
    const { users } = await import("#server/db/schema.ts");
    const { acceptedChallengeMinutesAgo } = await import("./builders/onboarding.ts");
    const db = serverDeps.database.db;
    const email = (url.searchParams.get("email") ?? "").toLowerCase();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (user) await acceptedChallengeMinutesAgo(db, user.id, Number(url.searchParams.get("minutesAgo")));
    res.end(JSON.stringify({ found: Boolean(user) }));
    return;
  }
  // `POST /outbox/plan`: the planning tick the schedule runs every minute here, run now, so a browser test about an
  // e-mail's link need not wait up to a minute for it (issue 57 row 9). The e-mails still go through the queue's send
  // jobs and the SMTP sink; reminders.spec.ts still waits for the schedule itself.
  if (url.pathname === "/outbox/plan" && req.method === "POST" && serverOutbox) {
    res.end(JSON.stringify({ claimed: await serverOutbox.planNow() }));
    return;
  }
  // `POST /build/<name>`: a test's starting state made by this instance's services (tests/support/builders/control.ts,
  // decision 0174). A builder that fails answers 500 with its error, which the test shows.
  if (url.pathname.startsWith("/build/") && req.method === "POST" && serverDeps) {
    const { controlBuilders } = await import("./builders/control.ts");
    const builders = controlBuilders(serverDeps) as Record<string, (body: unknown) => Promise<unknown>>;
    const build = builders[url.pathname.slice("/build/".length)];
    if (!build) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: `no builder ${url.pathname}` }));
      return;
    }
    try {
      res.end(JSON.stringify((await build(await readJson(req))) ?? null));
    } catch (error) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
    }
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
const started = await startServer({ serveClient: true });
serverDeps = started?.deps;
serverOutbox = started?.outbox;
