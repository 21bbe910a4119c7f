import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import { type ChangeFeed, createLocalChangeFeed, createPgChangeFeed } from "./change-feed.ts";
import { migrateUnderLock } from "./migrate-once.ts";
import * as schema from "./schema.ts";

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** What one instance tells the others that keep something in memory (issue 36). */
  changes: ChangeFeed;
  /** Raw SQL for the job queue (pg-boss's `db` adapter): parameters, or several statements without any. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

const migrationsFolder = resolve(projectRoot, "drizzle");

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    const changes = createPgChangeFeed({ url: options.url, notify: (text, values) => pool.query(text, values) });
    return {
      db,
      kind: "postgres",
      migrate: () => migrateUnderLock(pool, migrationsFolder),
      ping: async () => {
        await pool.query("select 1");
      },
      changes,
      close: async () => {
        await changes.close();
        await pool.end();
      },
      executeSql: (text, values) => pool.query(text, values as unknown[] | undefined),
    };
  }

  // Loaded only here: the embedded database's module costs ~40 MB of memory that a PostgreSQL server never needs.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // PostgreSQL's default 128 MB of shared buffers lives in the process's own memory here; one user's development
    // data fits in 16 MB many times over (issue 13: the server at rest falls from ~370 MB to ~250 MB).
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    changes: createLocalChangeFeed((channel, heard) => client.listen(channel, heard)),
    close: () => client.close(),
    // PGlite's query() takes one statement; pg-boss also sends scripts of several (its migrations), which exec() runs.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
