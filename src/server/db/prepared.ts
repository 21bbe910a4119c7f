import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { onePer } from "#shared/one-per.ts";
import type { Db } from "./client.ts";

const dialect = new PgDialect();

/**
 * A hand-written statement run as a named prepared statement (issue 13): PostgreSQL parses it once per connection
 * and, after a few runs, keeps its plan; for a statement like the dashboard's, planning took twice as long as running
 * it. Its values are placeholders (`sql.placeholder("user")`) bound at each call, so its text and where each value
 * goes are worked out once per process (issue 58: walking the dashboard's statement to write it was a twentieth of
 * its CPU a request) and it is prepared once per database object. PGlite runs it as an ordinary query.
 */
export function preparedStatement<Row>(name: string, statement: () => SQL) {
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  const preparedOn = onePer((db: Db) => {
    query ??= dialect.sqlToQuery(statement());
    return db._.session.prepareQuery(query, undefined, name, false);
  });
  return async (db: Db, values: Record<string, unknown>): Promise<{ rows: Row[] }> =>
    (await preparedOn(db).execute(values)) as { rows: Row[] };
}

/**
 * A timestamp as `Date#toISOString()` writes it, for JSON a hand-written statement builds: it reads like the rest of the
 * API and turns back into the same `Date`.
 */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
