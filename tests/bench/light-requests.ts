import { benchPaired, printPaired } from "./paired-requests.ts";
import { benchThroughput, printThroughput } from "./throughput.ts";

/**
 * `npm run bench:requests`: the throughput part of `npm run bench` alone (issue 58), health, /api/me, the dashboard,
 * insights and the feed's first page as shares of bare Node measured in the same run, and the server's RSS at rest.
 * BENCH_RUNS repeats it (the machine is shared: compare medians); BENCH_DATABASE_URL adds PostgreSQL,
 * BENCH_PGLITE=0 leaves the embedded database out. BENCH_SOAK_SECONDS=0 skips the minute of load for memory.
 * BENCH_PAIRS=8 with BENCH_COMPARE_ROOT runs the paired A/B of paired-requests.ts instead (on PostgreSQL if given).
 */
const runs = Number(process.env.BENCH_RUNS ?? 1);
const postgres = process.env.BENCH_DATABASE_URL;
if (process.env.BENCH_PAIRS) {
  printPaired(await benchPaired(postgres));
  process.exit(0);
}
for (let run = 1; run <= runs; run++) {
  if (runs > 1) console.log(`\nrun ${run} of ${runs}`);
  if (process.env.BENCH_PGLITE !== "0") printThroughput(await benchThroughput({}));
  if (postgres) printThroughput(await benchThroughput({ url: postgres }));
}
process.exit(0);
