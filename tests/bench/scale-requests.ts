import { openDatabase } from "#server/db/client.ts";
import { exportUserData } from "#server/services/account/data-export.ts";
import type { ProofStorage } from "#server/services/proof/proof-storage.ts";
import { SCALE_SEED_PASSWORD } from "#tests/support/scale-seed.ts";
import { benchStatementCost, printStatementCost, type StatementCost } from "./statement-cost.ts";
import { measure, type Stats } from "./stats.ts";
import { benchThroughput, printThroughput, type ThroughputReport } from "./throughput.ts";

/**
 * Issue 58: the requests of `npm run bench:requests` against a database filled by `npm run seed:scale` (100,000 men),
 * as one of its men, each beside bare Node in the same run, and the export of his data. Alone:
 * `BENCH_SCALE_DATABASE_URL=postgres://… node --import tsx tests/bench/scale-requests.ts`; `npm run bench` runs it when
 * BENCH_SCALE_DATABASE_URL is set. It reads and signs in only: the seeded database stays as it was (but for his
 * session).
 */
const exportRuns = Number(process.env.BENCH_EXPORT_RUNS ?? 10);

type ScaleRequestsReport =
  | { skipped: string }
  | {
      men: number;
      email: string;
      requests: ThroughputReport;
      statements: StatementCost[];
      export: Stats;
      exportBytes: number;
    };

// His proofs' photos are not read: the export lists them, and their bytes are the storage's own cost.
const noPhotos: ProofStorage = { put: async () => {}, get: async () => null, delete: async () => {} };

/**
 * The man the requests are made as: a confirmed community member with an accepted plan, so that every row (his
 * dashboard, his insights, his community's feed) has its full work to do. The first by id, so each run takes the same.
 */
const MAN = `select u.id, u.email, u.first_name as "firstName" from community_members m join users u on u.id = m.user_id
  where u.email_verified and m.suspended_at is null
    and exists (select 1 from challenges c where c.user_id = u.id and c.challenge_accepted)
  order by u.id limit 1`;

export async function benchScaleRequests(url = process.env.BENCH_SCALE_DATABASE_URL): Promise<ScaleRequestsReport> {
  if (!url) return { skipped: "BENCH_SCALE_DATABASE_URL is not set (a database filled by npm run seed:scale)" };
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  try {
    const men = Number(((await database.executeSql("select count(*) as n from users")).rows[0] as { n: string }).n);
    const [man] = (await database.executeSql(MAN)).rows as { id: string; email: string; firstName: string }[];
    if (!man) return { skipped: "no confirmed community member with an accepted plan in that database" };
    const requests = await benchThroughput({
      url,
      signIn: { email: man.email, password: SCALE_SEED_PASSWORD },
      database: `PostgreSQL, ${men} seeded men, as ${man.email}`,
    });
    const statements = await benchStatementCost(database, man);
    let exportBytes = 0;
    const exported = await measure(exportRuns, async () => {
      exportBytes = JSON.stringify(await exportUserData(database.db, noPhotos, man, "Unscroll")).length;
      return undefined;
    });
    return { men, email: man.email, requests, statements, export: exported, exportBytes };
  } finally {
    await database.close();
  }
}

export function printScaleRequests(report: ScaleRequestsReport) {
  if ("skipped" in report) {
    console.log(`requests at scale (issue 58): skipped, ${report.skipped}`);
    return;
  }
  console.log(`Requests at scale (issue 58): ${report.men} seeded men, signed in as ${report.email}`);
  printThroughput(report.requests);
  printStatementCost(report.statements);
  const s = report.export;
  console.log(
    `his data export (exportUserData, in-process, one at a time): median ${s.median} ms, p99 ${s.p99} ms, ` +
      `max ${s.max} ms, runs ${s.n}, ${Math.round(report.exportBytes / 1024)} KB of JSON`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printScaleRequests(await benchScaleRequests());
  process.exit(0);
}
