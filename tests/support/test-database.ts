import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: { kind: "pglite"; dumpPath: string } | { kind: "postgres"; adminUrl: string; template: string };
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`).finally(() => admin.end());
}

/**
 * A fresh, migrated and seeded database for one test file: PGlite loaded from a dump
 * made once per run, or a PostgreSQL database cloned from a migrated template.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const config = inject("testDb");
  if (config.kind === "pglite") {
    const { readFile } = await import("node:fs/promises");
    const dump = new Blob([await readFile(config.dumpPath)]);
    return openDatabase({ kind: "pglite", loadDataDir: dump });
  }
  const name = `unscroll_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${config.template}"`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant collide; try again shortly.
        if (attempt > 20 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: "postgres", url: withDatabase(config.adminUrl, name), poolSize: 5 });
  return {
    ...database,
    /** For a second connection pool on the same database, as a second server instance would have. */
    url: withDatabase(config.adminUrl, name),
    async close() {
      await database.close();
      await dropDatabase(config.adminUrl, name);
    },
  };
}

/** An empty PostgreSQL database (no tables) for tests that check start-up migrations. */
export async function createEmptyPostgresDatabase() {
  const config = inject("testDb");
  if (config.kind !== "postgres") throw new Error("only in the PostgreSQL test project");
  const name = `unscroll_e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: withDatabase(config.adminUrl, name),
    drop: () => dropDatabase(config.adminUrl, name),
  };
}

/**
 * What instances starting together have: each its own pool, all on ONE new empty PostgreSQL database (issue 36).
 * `close` closes the pools and drops the database.
 */
export async function instancesOnEmptyPostgres(count: number) {
  const empty = await createEmptyPostgresDatabase();
  const instances = await Promise.all(
    Array.from({ length: count }, () => openDatabase({ kind: "postgres", url: empty.url, poolSize: 3 })),
  );
  return {
    instances,
    async close() {
      await Promise.all(instances.map((database) => database.close()));
      await empty.drop();
    },
  };
}
