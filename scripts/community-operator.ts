import { existsSync } from "node:fs";

// `npm run community:operator -- someone@example.com` marks that account as an operator: it sees /admin (the
// moderation queue, admission, the counts); everyone else gets 404 there (decision 0136). `-- --remove <email>` takes
// the mark away. Marking twice changes nothing. It uses the server's database settings (the environment or .env); while
// the server runs on the embedded database, the server does it (decision 0153).

const usage = "Usage: npm run community:operator -- <email>   (or -- --remove <email>)";

/** The arguments as the operator typed them: one address, with --remove before it to unmark. */
function parseOperatorArgs(args: string[]): { email: string; remove: boolean } | null {
  const remove = args[0] === "--remove";
  const rest = remove ? args.slice(1) : args;
  if (rest.length !== 1 || !rest[0]?.includes("@") || rest[0].startsWith("-")) return null;
  return { email: rest[0].trim(), remove };
}

/** What the operator reads for each outcome. */
function operatorMessage(email: string, change: string): string {
  return {
    marked: `${email} is now an operator: /admin opens for this account.`,
    already: `${email} was an operator already; nothing changed.`,
    unmarked: `${email} is no longer an operator: /admin answers 404 for this account again.`,
    notMarked: `${email} was not an operator; nothing changed.`,
    unknown: `No account uses ${email}. Check the spelling, or sign up with this address first, then run the command again.`,
  }[change] as string;
}

async function main() {
  const parsed = parseOperatorArgs(process.argv.slice(2));
  if (!parsed) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  // The server's modules load only once the arguments are right: a wrong call answers at once.
  const [{ parseEnv }, { markOperator, unmarkOperator }, { openServerDatabase }, { askServer, runningServer }] =
    await Promise.all([
      import("#server/env.ts"),
      import("#server/services/community/operators.ts"),
      import("./server-database.ts"),
      import("./server-control.ts"),
    ]);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  const change = await (async () => {
    const server = runningServer(env);
    if (server) return (await askServer<{ change: string }>(server, "/operators", parsed)).change;
    const database = await openServerDatabase(env);
    try {
      return await (parsed.remove ? unmarkOperator : markOperator)(database.db, parsed.email);
    } finally {
      await database.close();
    }
  })();
  console.error(operatorMessage(parsed.email, change));
  if (change === "unknown") process.exitCode = 1;
}

main().catch(async (error) => {
  const [{ EnvError }, { DatabaseRefused }] = await Promise.all([
    import("#server/env.ts"),
    import("./server-database.ts"),
  ]);
  if (error instanceof EnvError || error instanceof DatabaseRefused) console.error(error.message);
  else console.error("Marking the operator failed:", error);
  process.exitCode = 1;
});
