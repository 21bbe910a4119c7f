import { benchGeneration } from "./generation.ts";

/** `npm run bench`: numbers to compare between changes; BENCH_DATABASE_URL runs them on PostgreSQL. */
const result = await benchGeneration(Number(process.env.BENCH_RUNS ?? 10));
console.log(`database: ${result.database}`);
console.log(
  `offline generation, end to end (POST generate → polled until done): median ${result.generation.median} ms, p95 ${result.generation.p95} ms, max ${result.generation.max} ms (n=${result.generation.n})`,
);
console.log(
  `GET /api/dashboard (1 accepted challenge, 3 dated milestones): median ${result.dashboard.median} ms, p95 ${result.dashboard.p95} ms (n=${result.dashboard.n})`,
);
process.exit(0);
