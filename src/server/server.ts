import { withKeptAuthSecret, withKeptVapidKeys } from "./auth/dev-secret.ts";
import { buildDeps, buildServerApp, prepareDatabase } from "./bootstrap.ts";
import { EnvError, parseEnv } from "./env.ts";
import { createHttpServer, listen } from "./http/node-server.ts";
import { settleAnsweredAuthWork } from "./routes/auth/auth.routes.ts";
import { startReminderQueue } from "./services/reminders/reminder-queue.ts";

/** Parses the settings, prepares the database and serves until SIGINT/SIGTERM. */
export async function startServer(options: { serveClient: boolean }) {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`${error.message}\nSee .env.example for every setting and its default.`);
      process.exit(1);
    }
    throw error;
  }

  const secret = withKeptAuthSecret(env);
  env = secret.env;
  const vapid = withKeptVapidKeys(env);
  env = vapid.env;
  const deps = await buildDeps(env);
  const { logger, database } = deps;
  if (secret.keptIn)
    logger.warn({ file: secret.keptIn }, "AUTH_SECRET is not set: signing with the secret kept in DATA_DIR");
  if (vapid.keptIn)
    logger.info({ file: vapid.keptIn }, "VAPID keys are not set: web push signs with the pair kept in DATA_DIR");
  else if (!env.vapid) logger.warn("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: web push is off");
  await prepareDatabase(deps);
  const app = await buildServerApp(deps, options);
  const reminders = await startReminderQueue(
    { db: database.db, database, mailer: deps.mailer, env, logger },
    { cron: env.REMINDER_CRON },
  );

  const server = await listen(createHttpServer(app.fetch), env.PORT, env.HOST);
  logger.info({ port: env.PORT, database: database.kind }, `Unscroll is listening on ${env.APP_URL}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      // Sign-ups and reset requests are answered before their work (decisions 0063, 0101): it finishes before the
      // database closes.
      await settleAnsweredAuthWork(deps.auth);
      // A reminder being sent finishes (or is handed back to the queue) before the database closes.
      await reminders.stop();
      await database.close();
      logger.info("database closed; bye");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

export function run(options: { serveClient: boolean }) {
  startServer(options).catch((error) => {
    console.error("Start-up failed:", error);
    process.exit(1);
  });
}
