import { existsSync } from "node:fs";

// `npm run community:admit -- 50`: lets the next 50 people of the community waitlist in, in the order of their
// positions, and e-mails each a link to the feed (issue 40, decision 0134). It uses the server's database and mail
// settings (the environment or .env); while the server runs on the embedded database, the server does it (decision
// 0153). Running it again lets the next ones in; nobody is admitted twice.

const MAX_AT_ONCE = 10_000;

async function main() {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || count > MAX_AT_ONCE) {
    console.error(`Usage: npm run community:admit -- <how many, 1 to ${MAX_AT_ONCE}>`);
    process.exitCode = 2;
    return;
  }
  // The server's modules load only once the arguments are right: a wrong call answers at once.
  const [
    { configuredMailer },
    { parseEnv },
    { createLogger },
    { admitNext, announceAdmission },
    { openServerDatabase },
    { askServer, runningServer },
  ] = await Promise.all([
    import("#server/bootstrap.ts"),
    import("#server/env.ts"),
    import("#server/logger.ts"),
    import("#server/services/community/admission.ts"),
    import("./server-database.ts"),
    import("./server-control.ts"),
  ]);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  const { positions, failedPositions } = await (async () => {
    // A running server admits them and e-mails them with its own mailer (decision 0153).
    const server = runningServer(env);
    if (server) return askServer<{ positions: number[]; failedPositions: number[] }>(server, "/admissions", { count });
    const logger = createLogger(env.LOG_LEVEL);
    const database = await openServerDatabase(env);
    try {
      const admitted = await admitNext(database.db, count, "command");
      const { failed } = await announceAdmission({ env, logger, mailer: configuredMailer(env, logger) }, admitted);
      return { positions: admitted.map((a) => a.position), failedPositions: failed.map((f) => f.position) };
    } finally {
      await database.close();
    }
  })();
  if (positions.length === 0) {
    console.error("Nobody is waiting: everyone on the waitlist is already in.");
    return;
  }
  console.error(`Admitted ${positions.length} from the waitlist (#${positions[0]}–#${positions.at(-1)}).`);
  if (failedPositions.length > 0) {
    console.error(
      `The e-mail to ${failedPositions.length} of them could not be sent (${failedPositions.map((p) => `#${p}`).join(", ")}); ` +
        "they are in all the same and see the feed on their next visit.",
    );
  }
}

main().catch(async (error) => {
  const [{ EnvError }, { DatabaseRefused }] = await Promise.all([
    import("#server/env.ts"),
    import("./server-database.ts"),
  ]);
  if (error instanceof EnvError || error instanceof DatabaseRefused) console.error(error.message);
  else console.error("Admission failed:", error);
  process.exitCode = 1;
});
