import { once } from "node:events";
import { existsSync } from "node:fs";
import { EnvError, parseEnv } from "#server/env.ts";
import { waitlistCsv } from "#server/services/community/waitlist-export.ts";
import { runningServer, serverLines } from "./server-control.ts";
import { DatabaseRefused, openServerDatabase } from "./server-database.ts";

// `npm run -s waitlist:export > waitlist.csv`: the community waitlist (position, name, e-mail, interests, joined at)
// as CSV on standard output, for announcing the launch. It reads the database the server reads (DATABASE_URL, else
// the embedded one in DATA_DIR, from the environment or .env); messages go to standard error.

async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  // While the server runs on the embedded database, it reads the list (decision 0153).
  const server = runningServer(env);
  const database = server ? undefined : await openServerDatabase(env);
  // A reader that closes early (`| head`) ends the export quietly.
  let closed = false;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  let members = -1;
  try {
    for await (const line of database ? waitlistCsv(database.db) : serverLines(server as string, "/waitlist")) {
      if (closed) break;
      members++;
      if (!process.stdout.write(line))
        await Promise.race([once(process.stdout, "drain"), once(process.stdout, "close")]);
    }
  } finally {
    await database?.close();
  }
  console.error(`Exported ${members} waitlist ${members === 1 ? "member" : "members"}.`);
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DatabaseRefused) console.error(error.message);
  else console.error("Waitlist export failed:", error);
  process.exitCode = 1;
});
