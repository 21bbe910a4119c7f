import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** A node of PostgreSQL's EXPLAIN (ANALYZE, FORMAT JSON) plan, with what counts rows read. */
export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Join Filter"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  "Actual Total Time"?: number;
  Plans?: PlanNode[];
};

/**
 * Rows read from tables by the scans of a plan (of `relation` alone, if named): what each scan of a table or its
 * indexes produced plus what its filter threw away, for every loop. Issue 58's measure of "reads only due rows". A
 * bitmap scan counts once (its heap scan, not its index scan), and scans of a subquery, a CTE or a function's rows
 * not at all: they pass on rows a table scan already counted. EXPLAIN gives each loop's rows as a rounded average.
 */
export function rowsRead(node: PlanNode, relation?: string): number {
  const counted = node["Relation Name"] !== undefined && (relation === undefined || node["Relation Name"] === relation);
  const own = counted
    ? ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, relation), 0);
}

/**
 * The rows of `relation` a read statement reads, counted by PostgreSQL's statistics of the transaction (sequential
 * tuples read, and index entries read by any of its indexes, filtered or not): EXPLAIN's rows are an average per loop,
 * rounded, which a lateral probe per zone turns into nonsense. Run with the plan PostgreSQL chooses at scale: a test's
 * few rows would be read by a sequential scan whatever the indexes, so sequential scans are off for it. The relation
 * is vacuumed and analyzed first, as autovacuum would have: an index entry of a row version since updated is still
 * read (once), and without statistics the planner may take any index that leads with the same column.
 */
export async function rowsReadFrom(db: Db, relation: string, query: SQL): Promise<number> {
  await db.execute(sql`vacuum (analyze) ${sql.identifier(relation)}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const read = async () => {
      const result = await tx.execute<{ read: number | string }>(sql`
        select pg_stat_get_xact_tuples_returned(${relation}::regclass)
          + coalesce(sum(pg_stat_get_xact_tuples_returned(i.indexrelid)), 0) as read
        from pg_index i where i.indrelid = ${relation}::regclass`);
      return Number(result.rows[0]?.read ?? 0);
    };
    const before = await read();
    await tx.execute(query);
    return (await read()) - before;
  });
}
