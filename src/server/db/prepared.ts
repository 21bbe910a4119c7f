import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

const dialect = new PgDialect();

/**
 * Runs a hand-written statement as a named prepared statement (issue 13): PostgreSQL parses it once per connection
 * and, after a few runs, keeps its plan. For a statement like the dashboard's, planning took twice as long as
 * running it. The statement's text must be the same on every call (only its parameters change); PGlite runs it
 * as an ordinary query.
 */
export async function executePrepared<Row>(db: Db, name: string, statement: SQL): Promise<{ rows: Row[] }> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return (await prepared.execute()) as { rows: Row[] };
}

/**
 * A timestamp as `Date#toISOString()` writes it, for JSON a hand-written statement builds: it reads like the rest of the
 * API and turns back into the same `Date`.
 */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
