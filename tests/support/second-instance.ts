import { createApp } from "#server/app.ts";
import { listenForSessionChanges } from "#server/auth/session.ts";
import { buildDeps } from "#server/bootstrap.ts";
import { openDatabase } from "#server/db/client.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A second instance of the app beside `a`, on the same database, as production runs several (issue 36): on PostgreSQL
 * with its own pool, hearing the changes others publish over LISTEN/NOTIFY; on PGlite (one process) sharing a's.
 */
export async function secondInstance(a: TestApp) {
  const own = a.databaseUrl ? await openDatabase({ kind: "postgres", url: a.databaseUrl, poolSize: 3 }) : undefined;
  const database = own ?? a.deps.database;
  const deps = await buildDeps(a.deps.env, { database, mailer: a.deps.mailer, logger: a.deps.logger });
  await listenForSessionChanges(deps);
  return { app: createApp(deps), database, close: async () => await own?.close() };
}
