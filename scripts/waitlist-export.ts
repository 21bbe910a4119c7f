import { once } from "node:events";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "#server/db/client.ts";
import { type Env, EnvError, parseEnv } from "#server/env.ts";
import { waitlistCsv } from "#server/services/community/waitlist-export.ts";

// `npm run -s waitlist:export > waitlist.csv`: the community waitlist (position, name, e-mail, interests, joined at)
// as CSV on standard output, for announcing the launch. It reads the database the server reads (DATABASE_URL, else
// the embedded one in DATA_DIR, from the environment or .env); messages go to standard error.

class ExportRefused extends Error {}

/** The server's database. The embedded one is opened only when it exists and no server holds it. */
async function openServerDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 1 });
  const dataDir = resolve(env.DATA_DIR);
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new ExportRefused(`No database in DATA_DIR (${dataDir}): set DATA_DIR or DATABASE_URL as the server has it.`);
  }
  // PGlite writes this file while a process has the folder open and removes it on a clean close. Two processes on
  // one folder would damage it, so the export waits for the server to stop.
  if (existsSync(join(dataDir, "postmaster.pid"))) {
    throw new ExportRefused(
      `The embedded database in ${dataDir} is open in another process (is the server running?). Stop the server and ` +
        "run the export again. If no server runs, the last one did not stop cleanly: start it once and stop it with Ctrl+C.",
    );
  }
  return openDatabase({ kind: "pglite", dataDir });
}

async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  const database = await openServerDatabase(env);
  // A reader that closes early (`| head`) ends the export quietly.
  let closed = false;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  let members = -1;
  try {
    for await (const line of waitlistCsv(database.db)) {
      if (closed) break;
      members++;
      if (!process.stdout.write(line))
        await Promise.race([once(process.stdout, "drain"), once(process.stdout, "close")]);
    }
  } finally {
    await database.close();
  }
  console.error(`Exported ${members} waitlist ${members === 1 ? "member" : "members"}.`);
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof ExportRefused) console.error(error.message);
  else console.error("Waitlist export failed:", error);
  process.exitCode = 1;
});
