import { eq, is } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";

/**
 * Where the database holds a user, found from the Drizzle schema rather than listed by hand, so the data export and
 * the account deletion (GDPR Art. 15, 17, 20) cannot forget a table added later (decision 0069). A table belongs to a
 * user through a column that references users.id, or a column named user_id even without the foreign key; the users
 * table itself through its id.
 */
export type UserTable = {
  /** The table's SQL name: the section of the export. */
  name: string;
  table: PgTable;
  /** The columns that hold the user's id (a row is his if any of them does). */
  userColumns: PgColumn[];
  /** SQL names of the other user tables this one references (to delete children first). */
  references: string[];
};

const allTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

function tableName(table: PgTable) {
  return getTableConfig(table).name;
}

export function userColumnsOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  if (table === schema.users) return [schema.users.id];
  const byForeignKey = config.foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const pointsAtUsers = ref.foreignTable === schema.users && ref.foreignColumns.every((c) => c.name === "id");
    return pointsAtUsers ? ref.columns : [];
  });
  const byName = config.columns.filter((c) => c.name === "user_id" || c.name.endsWith("_user_id"));
  return [...new Set([...byForeignKey, ...byName])];
}

/** Every table with a user column, children before the tables they reference (the order rows can be deleted in). */
export function userTables(): UserTable[] {
  const found = allTables.flatMap((table): UserTable[] => {
    const userColumns = userColumnsOf(table);
    if (userColumns.length === 0) return [];
    const references = getTableConfig(table)
      .foreignKeys.map((fk) => tableName(fk.reference().foreignTable))
      .filter((name) => name !== tableName(table));
    return [{ name: tableName(table), table, userColumns, references }];
  });
  const names = new Set(found.map((t) => t.name));
  const ordered: UserTable[] = [];
  const placed = new Set<string>();
  // A table is placed once every user table that references it is placed: children first, users last.
  while (ordered.length < found.length) {
    const next = found.find(
      (t) =>
        !placed.has(t.name) &&
        found.every((other) => placed.has(other.name) || other === t || !other.references.includes(t.name)),
    );
    if (!next) throw new Error(`user tables reference each other in a cycle: ${[...names].join(", ")}`);
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** Every table of the schema by SQL name (the tests check each is either a user table or says why not). */
export function schemaTableNames(): string[] {
  return allTables.map(tableName);
}

/**
 * Tables without a user column, and why nothing of a user is lost by leaving them out of the export. A new table
 * must be added here or have a user column: the test names it otherwise.
 */
export const tablesWithoutUserColumn: Record<string, string> = {
  verifications:
    "better-auth's pending password-reset links: the row's value is the user id, its identifier the link's secret. " +
    "Deleted with the account, never exported (a credential).",
  rate_limits: "attempt counters keyed by a keyed hash (HMAC) of an IP or an address; no user id, no readable address.",
  subscription_plans: "the plans for sale; the same for everyone.",
  answered_auth_work:
    "a sign-up or reset request answered before its work, sealed (AES-GCM) for the second until the work is done, " +
    "then deleted; before the work there is no account to tie it to (decision 0121).",
  static_assets: "the web app's built scripts and styles, shared between instances during a deploy; nobody's data.",
};

/** The foreign keys that tie a row to its user, by constraint name. */
const userForeignKeys = new Set(
  allTables.flatMap((table) =>
    getTableConfig(table)
      .foreignKeys.filter((fk) => fk.reference().foreignTable === schema.users)
      .map((fk) => fk.getName()),
  ),
);

/**
 * A write refused because the user it belongs to no longer exists: it raced his account deletion, which locks his
 * row, deletes everything and commits first. For that request the session has ended (decision 0069).
 */
export function isWriteForDeletedUser(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23503" && typeof constraint === "string" && userForeignKeys.has(constraint)) return true;
  }
  return false;
}

/**
 * Whether the user of a failed request is gone: a write that raced his account deletion can also fail as a deadlock
 * (it locked a row of his that the deletion wants, then waited for his users row, which the deletion holds) or find a
 * row of his vanished. For that request, too, the session has ended.
 */
export async function userIsGone(db: Db, userId: string): Promise<boolean> {
  // FOR KEY SHARE waits for a deletion still under way (it holds his row FOR UPDATE), then sees its outcome.
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .for("key share");
  return !row;
}
