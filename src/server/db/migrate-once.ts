import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/**
 * The key of the session-level advisory lock the migrations run under: any constant no other code of this database
 * takes. It spells "unscroll" in ASCII, so it reads as ours in pg_locks.
 */
const MIGRATION_LOCK_KEY = 0x756e7363726f6c6cn;

/**
 * Applies the migrations of `migrationsFolder` while holding an advisory lock, so instances starting together on one
 * database take turns (issue 36). Drizzle's migrator alone is not safe for that: it creates its schema and reads the
 * last applied migration outside its transaction, so two instances on an empty database both apply 0000 and the second
 * fails on "already exists". Under the lock the second finds everything applied and does nothing. The lock is held by
 * one connection, so the migrator runs on that same connection; PostgreSQL drops the lock if the connection dies.
 */
export async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection whose unlock failed may still hold the lock: destroy it rather than hand it back to the pool.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}
