// A child process of the throughput benchmark: the app on a loopback port, as `npm start` runs it (database, job
// queue), with one seeded user. Prints one JSON line {port, cookie} when ready. With BENCH_SIGN_IN=<e-mail> (and
// BENCH_SIGN_IN_PASSWORD) it serves a database filled before, signed in as that man, and seeds nothing; nor does it
// run the job queue, whose ticks would claim the seeded men's reminders of today in the middle of the loads.
import { startMailOutbox } from "#server/outbox-kinds.ts";
import { createBenchApp } from "../bench-app.ts";
import { defaultFeedSize, seedCommunity } from "../community-feed.ts";
import { seedDashboardOwner } from "../dashboard.ts";

const t = await createBenchApp({ url: process.env.BENCH_DATABASE_URL, dataDir: process.env.BENCH_DATA_DIR });
const { deps } = t;
const signInAs = process.env.BENCH_SIGN_IN;
const queue = signInAs
  ? null
  : await startMailOutbox(
      { db: deps.database.db, database: deps.database, mailer: deps.mailer, env: deps.env, logger: deps.logger },
      { cron: deps.env.REMINDER_CRON },
    );
/** The man the loads are made as: none to make on a restart (BENCH_COOKIE), the one named, or one seeded here. */
async function theOwner() {
  if (process.env.BENCH_COOKIE) return null;
  if (signInAs) return t.signIn(signInAs, process.env.BENCH_SIGN_IN_PASSWORD ?? "");
  const seeded = await seedDashboardOwner(t);
  // The dashboard's owner is a member of a community a year old, so his feed's first page is a full one.
  await seedCommunity(t, seeded.id, defaultFeedSize);
  return seeded;
}
const owner = await theOwner();
const http = await t.listen();
process.stdout.write(`${JSON.stringify({ port: http.port, cookie: owner?.cookie ?? process.env.BENCH_COOKIE })}\n`);
process.on("SIGTERM", async () => {
  await http.close();
  await queue?.stop();
  await t.close();
  process.exit(0);
});
