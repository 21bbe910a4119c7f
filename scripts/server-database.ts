import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";

/** The operator's command cannot open the server's database; the message says why and what to do. */
export class DatabaseRefused extends Error {}

/**
 * The database the server reads, for the operator's commands (waitlist:export, community:admit): DATABASE_URL, else
 * the embedded one in DATA_DIR, opened only when it exists and no server holds it (a running server does their work
 * over its socket instead, scripts/server-control.ts).
 */
export async function openServerDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 1 });
  const dataDir = resolve(env.DATA_DIR);
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new DatabaseRefused(
      `No database in DATA_DIR (${dataDir}): set DATA_DIR or DATABASE_URL as the server has it.`,
    );
  }
  // PGlite writes this file while a process has the folder open and removes it on a clean close. Two processes on
  // one folder would damage it.
  if (existsSync(join(dataDir, "postmaster.pid"))) throw new DatabaseRefused(heldByAnotherProcess(dataDir));
  return openDatabase({ kind: "pglite", dataDir });
}

/** Said when a process holds the embedded database and no server answers on its operator socket (decision 0153). */
export function heldByAnotherProcess(dataDir: string): string {
  return (
    `The embedded database in ${dataDir} is open in another process (is the server running?). Stop the server and ` +
    "run the command again. If no server runs, the last one did not stop cleanly: start it once and stop it with Ctrl+C."
  );
}
