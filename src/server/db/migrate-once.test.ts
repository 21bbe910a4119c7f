import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { instancesOnEmptyPostgres } from "#tests/support/test-database.ts";
import { seedPlans } from "./seed.ts";

const onPostgres = inject("testDb").kind === "postgres";

// Several instances share one PostgreSQL only: the embedded database has one process, so this runs in that project.
describe.runIf(onPostgres)("migrations of instances starting together (issue 36)", () => {
  let cluster: Awaited<ReturnType<typeof instancesOnEmptyPostgres>>;

  beforeAll(async () => {
    cluster = await instancesOnEmptyPostgres(3);
  });
  afterAll(() => cluster?.close());

  it("all migrate an empty database and seed it, and every migration is applied once", async () => {
    const { instances } = cluster;

    // What prepareDatabase does at start-up, on every instance at once.
    await Promise.all(
      instances.map(async (database) => {
        await database.migrate();
        await seedPlans(database.db);
      }),
    );

    const [first] = instances;
    const applied = await first?.executeSql("select hash from drizzle.__drizzle_migrations");
    const { readFile } = await import("node:fs/promises");
    const journal = JSON.parse(await readFile(new URL("../../../drizzle/meta/_journal.json", import.meta.url), "utf8"));
    expect(applied?.rows).toHaveLength(journal.entries.length);
    const plans = await first?.executeSql("select id from subscription_plans");
    expect(plans?.rows.length).toBeGreaterThan(0);
    // Nobody holds the lock once start-up is over: a later deploy's migrations must not wait for it. On this database
    // only: pg_locks lists the whole server's, and the test files running beside this one take advisory locks of their
    // own (seen failing once they ran three at a time).
    const locks = await first?.executeSql(
      "select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    expect(locks?.rows).toHaveLength(0);
  });
});
