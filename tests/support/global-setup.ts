import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { seedPlans } from "#server/db/seed.ts";

/** Migrates once per run; each test file then starts from this state in a fraction of a second. */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === "postgres" ? "postgres" : "pglite";
  if (kind === "pglite") {
    const dir = await mkdtemp(join(tmpdir(), "unscroll-pglite-"));
    const database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    await seedPlans(database.db);
    const { PGlite } = await import("@electric-sql/pglite");
    const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
    const dump = await client.dumpDataDir("none");
    const dumpPath = join(dir, "template.tar");
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide("testDb", { kind: "pglite", dumpPath });
    return () => rm(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL test project");
  const template = `unscroll_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}" with (force)`);
  await admin.query(`create database "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  await database.migrate();
  await seedPlans(database.db);
  await database.close();
  project.provide("testDb", { kind: "postgres", adminUrl, template });
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
