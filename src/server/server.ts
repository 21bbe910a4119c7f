import { withKeptAuthSecret, withKeptVapidKeys } from "./auth/dev-secret.ts";
import { buildDeps, buildServerApp, prepareDatabase } from "./bootstrap.ts";
import { EnvError, parseEnv } from "./env.ts";
import { createHttpServer, listen } from "./http/node-server.ts";
import { startOperatorSocket } from "./operator-socket.ts";
import { startMailOutbox } from "./outbox-kinds.ts";
import { guardProcess } from "./process-guard.ts";
import { settleAnsweredAuthWork } from "./routes/auth/auth.routes.ts";
import { startGenerationTakeovers } from "./services/generation/generation-takeover.ts";
import { startStravaWorker } from "./services/strava/strava-queue.ts";

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
  // The outbox's pg-boss is the instance's one boss; the Strava events' worker shares it.
  const outbox = await startMailOutbox(
    { db: database.db, database, mailer: deps.mailer, env, logger },
    {
      cron: env.REMINDER_CRON,
    },
  );
  if (deps.strava) await startStravaWorker(outbox.boss, deps.strava, deps.strava.events, { logger });

  const server = await listen(
    createHttpServer(app.fetch, { bodyIdleMs: env.REQUEST_BODY_IDLE_SECONDS * 1000 }),
    env.PORT,
    env.HOST,
  );
  // On PostgreSQL the commands open the database themselves; on the embedded one only this process can (0153).
  const operatorSocket = database.kind === "pglite" ? await startOperatorSocket(deps) : undefined;
  logger.info({ port: env.PORT, database: database.kind }, `Unscroll is listening on ${env.APP_URL}`);

  // Plans whose instance died or stopped are finished here, and so are sign-ups and reset requests whose instance
  // died after answering them (decision 0121).
  const takeovers = startGenerationTakeovers(deps);
  const authTakeovers = setInterval(() => {
    deps.auth.answeredWork
      .takeOverAbandoned()
      .catch((err: unknown) => logger.warn({ err }, "could not look for abandoned sign-ups and reset requests"));
  }, 5_000);
  authTakeovers.unref();

  let stopping = false;
  /**
   * Drains (decision 0121): the health check fails at once so the proxy sends nothing new, the plan runs held here
   * go to the other instances at once, and after the grace the port closes and requests in flight finish. Sign-ups
   * and reset requests answered before their work finish it, and a reminder being sent finishes or goes back to the
   * queue, before the database closes.
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.lifecycle.draining = true;
    logger.info({ signal, graceSeconds: env.shutdownGraceSeconds }, "shutting down: draining");
    clearInterval(authTakeovers);
    const operatorSocketClosed = operatorSocket?.close();
    await takeovers.stop();
    const given = await deps.generations
      .handBack()
      .catch((err: unknown) => logger.error({ err }, "could not give the plan runs back"));
    if (given) logger.info({ runs: given }, "plan runs given to the other instances");
    await new Promise((resolve) => setTimeout(resolve, env.shutdownGraceSeconds * 1000));
    logger.info("finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn(`in-flight requests did not finish in ${env.SHUTDOWN_TIMEOUT_SECONDS} s; closing anyway`);
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    server.close(async () => {
      await settleAnsweredAuthWork(deps.auth);
      await outbox.stop();
      await operatorSocketClosed;
      await database.close();
      logger.info("database closed; bye");
      process.exit();
    });
    server.closeIdleConnections();
  };
  // After a fault nobody knows the state of, the instance stops as on SIGTERM and exits non-zero for its supervisor.
  guardProcess(logger, (reason) => {
    process.exitCode = 1;
    void shutdown(reason);
  });
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // The e2e harness (tests/support/e2e-server.ts) reaches the embedded database through it, as the operator's
  // commands would: PGlite allows one process only. Its builders (tests/support/builders/) make a test's starting
  // state with this instance's services, auth and AI (decision 0174), and it plans the outbox now rather than at the
  // schedule's next minute.
  return { database, deps, outbox };
}

export function run(options: { serveClient: boolean }) {
  startServer(options).catch((error) => {
    console.error("Start-up failed:", error);
    process.exit(1);
  });
}
