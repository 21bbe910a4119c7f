import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { instancesOnEmptyPostgres } from "#tests/support/test-database.ts";
import { startBoss } from "./queue.ts";

const onPostgres = inject("testDb").kind === "postgres";

// Only PostgreSQL has several instances; the embedded database has one process.
describe.runIf(onPostgres)("the outbox queue of instances starting together (issue 36)", () => {
  let cluster: Awaited<ReturnType<typeof instancesOnEmptyPostgres>>;

  beforeAll(async () => {
    cluster = await instancesOnEmptyPostgres(3);
  });
  afterAll(() => cluster?.close());

  it("starts on every instance when all of them create its tables and queues at once", async () => {
    const { instances } = cluster;
    // As at start-up: the migrations first (they take turns), then the queue, which all start at the same moment.
    await Promise.all(instances.map((database) => database.migrate()));
    const logger = createLogger("silent");

    const bosses = await Promise.all(
      instances.map((database) => startBoss(database, logger, { supervise: false, schedule: false })),
    );
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, close: false, wait: true })));

    const version = await instances[0]?.executeSql("select version from pgboss.version");
    expect(version?.rows).toHaveLength(1);
    const queues = await instances[0]?.executeSql("select name from pgboss.queue order by name");
    expect(queues?.rows).toEqual([{ name: "reminders-plan" }, { name: "reminders-send" }]);
  });
});
