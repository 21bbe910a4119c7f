import type Stripe from "stripe";
import { hashPassword, verifyPassword } from "#server/auth/password-hash.ts";
import { openDatabase } from "#server/db/client.ts";
import { deleteAccount } from "#server/services/account/account-deletion.ts";
import type { ProofStorage } from "#server/services/proof/proof-storage.ts";
import { measure, type Stats } from "./stats.ts";

/**
 * Issue 58: the account deletion of one community member (his posts, comments, cheers and the notifications they made)
 * on a database filled by `npm run seed:scale`, through the app's own deleteAccount, password check included. Each
 * run deletes another man for good: the seeded database loses runs + 1 men each time. Alone:
 * `BENCH_SCALE_DATABASE_URL=postgres://… node --import tsx tests/bench/delete-man.ts`; `npm run bench` runs it when
 * BENCH_SCALE_DATABASE_URL is set.
 */
const runs = Number(process.env.BENCH_DELETE_RUNS ?? 5);
const password = "bench-delete-man";

type DeleteManReport =
  | { skipped: string }
  | { men: number; deletion: Stats; passwordCheck: Stats; deletedRows: Record<string, number> };

// Free members only: nothing of theirs is at Stripe, so no call leaves the machine.
const noStripe = new Proxy(
  {},
  {
    get() {
      throw new Error("the bench deletes free members only: Stripe is never asked");
    },
  },
) as Stripe;
const noPhotos: ProofStorage = { put: async () => {}, get: async () => null, delete: async () => {} };

export async function benchDeleteMan(url = process.env.BENCH_SCALE_DATABASE_URL): Promise<DeleteManReport> {
  if (!url) return { skipped: "BENCH_SCALE_DATABASE_URL is not set (a database filled by npm run seed:scale)" };
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  try {
    const men = Number(((await database.executeSql("select count(*) as n from users")).rows[0] as { n: string }).n);
    const { rows } = await database.executeSql(
      `select m.user_id from community_members m join profiles pr on pr.id = m.user_id
        where pr.subscription_status = 'free' and pr.stripe_customer_id is null
          and exists (select 1 from community_posts p where p.user_id = m.user_id)
          and exists (select 1 from community_comments c where c.user_id = m.user_id)
          and exists (select 1 from community_cheers c where c.user_id = m.user_id)
        order by m.user_id limit $1`,
      [runs + 1],
    );
    const victims = (rows as { user_id: string }[]).map((row) => row.user_id);
    if (victims.length < runs + 1) return { skipped: `only ${victims.length} community members left to delete` };
    const hash = await hashPassword(password);
    await database.executeSql("update accounts set password = $1 where user_id = any($2::text[])", [hash, victims]);

    const passwordCheck = await measure(runs, () => verifyPassword({ hash, password }).then(() => undefined), 1);
    const deps = { db: database.db, stripe: noStripe, proofStorage: noPhotos };
    // The first deletion warms the connections and the plans; measure's own warm-up would delete the same men twice.
    let { deletedRows } = await deleteAccount(deps, victims[0] ?? "", password);
    const deletion = await measure(
      runs,
      async (i) => {
        ({ deletedRows } = await deleteAccount(deps, victims[i + 1] ?? "", password));
        return undefined;
      },
      0,
    );
    return { men, deletion, passwordCheck, deletedRows };
  } finally {
    await database.close();
  }
}

export function printDeleteMan(report: DeleteManReport) {
  if ("skipped" in report) {
    console.log(`deleting one man at scale (issue 58): skipped, ${report.skipped}`);
    return;
  }
  const line = (label: string, s: Stats) =>
    `${label.padEnd(70)} median ${s.median.padStart(6)} ms  max ${s.max.padStart(6)} ms  runs ${s.n}`;
  console.log(`Deleting one community member of ${report.men} seeded men (PostgreSQL, in-process, one at a time)`);
  console.log(line("deleteAccount: password check, his rows in one transaction", report.deletion));
  console.log(line("  of which the password check alone (argon2id)", report.passwordCheck));
  const rows = Object.entries(report.deletedRows).map(([table, count]) => `${table} ${count}`);
  console.log(`  the last one's rows (cascades not counted): ${rows.join(", ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printDeleteMan(await benchDeleteMan());
  process.exit(0);
}
