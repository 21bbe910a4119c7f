import { existsSync } from "node:fs";

// `npm run community:admit -- 50`: lets the next 50 people of the community waitlist in, in the order of their
// positions, and e-mails each a link to the feed (issue 40, decision 0134). It uses the server's database and mail
// settings (the environment or .env). Running it again lets the next ones in; nobody is admitted twice.

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
  ] = await Promise.all([
    import("#server/bootstrap.ts"),
    import("#server/env.ts"),
    import("#server/logger.ts"),
    import("#server/services/community/admission.ts"),
    import("./server-database.ts"),
  ]);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openServerDatabase(env);
  try {
    const admitted = await admitNext(database.db, count, "command");
    const { failed } = await announceAdmission({ env, logger, mailer: configuredMailer(env, logger) }, admitted);
    if (admitted.length === 0) {
      console.error("Nobody is waiting: everyone on the waitlist is already in.");
      return;
    }
    const positions = `#${admitted[0]?.position}–#${admitted.at(-1)?.position}`;
    console.error(`Admitted ${admitted.length} from the waitlist (${positions}).`);
    if (failed.length > 0) {
      console.error(
        `The e-mail to ${failed.length} of them could not be sent (${failed.map((f) => `#${f.position}`).join(", ")}); ` +
          "they are in all the same and see the feed on their next visit.",
      );
    }
  } finally {
    await database.close();
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
