import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { until } from "#tests/support/server-process.ts";
import { createEmptyPostgresDatabase } from "#tests/support/test-database.ts";
import { type ChangeFeed, createLocalChangeFeed, createPgChangeFeed } from "./change-feed.ts";

const onPostgres = inject("testDb").kind === "postgres";

describe("changes within one process (PGlite: one instance)", () => {
  it("reaches this process's subscribers of the topic at once, and no others", async () => {
    const feed = createLocalChangeFeed();
    const heard: string[] = [];
    feed.subscribe("sessions", () => heard.push("sessions"));
    feed.subscribe("generations", () => heard.push("generations"));
    await feed.publish("sessions");
    expect(heard).toEqual(["sessions"]);
    expect(feed.live).toBe(true);
  });

  it("hears what the embedded database itself announces, from the first subscriber on (decision 0190)", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create();
    try {
      const feed = createLocalChangeFeed((channel, heard) => client.listen(channel, heard));
      const heard: string[] = [];
      feed.subscribe("feed", () => heard.push("feed"));
      await client.query("select pg_notify('unscroll_changes', 'not a topic')");
      await client.query("select pg_notify('another_channel', 'feed')");
      await client.query("select pg_notify('unscroll_changes', 'feed')");
      await until(
        () => heard.length > 0,
        2_000,
        () => "the feed's announcement was not heard",
      );
      expect(heard).toEqual(["feed"]);
    } finally {
      await client.close();
    }
  });
});

/**
 * Two instances' feeds on one PostgreSQL database (issue 36, decision 0121): what one publishes, the other hears;
 * and when an instance's listening connection is cut, it says it cannot hear (so nothing is trusted from memory),
 * tells its subscribers, and listens again.
 */
describe.runIf(onPostgres)("changes between instances on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let pool: pg.Pool;
  const feeds: ChangeFeed[] = [];

  function feed() {
    const created = createPgChangeFeed({ url: database.url, notify: (text, values) => pool.query(text, values) });
    feeds.push(created);
    return created;
  }

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    for (const f of feeds) await f.close();
    await pool?.end();
    await database?.drop();
  });

  it("delivers a change published by one instance to another within a second", async () => {
    const [a, b] = [feed(), feed()];
    let heardOnB = 0;
    b.subscribe("sessions", () => {
      heardOnB += 1;
    });
    expect(await b.ready()).toBe(true);
    const before = heardOnB;
    const sent = Date.now();
    await a.publish("sessions");
    await until(
      () => heardOnB > before,
      1_000,
      () => "B did not hear A's change within 1 s",
    );
    expect(Date.now() - sent).toBeLessThan(1_000);
  });

  it("says it cannot hear while its connection is cut, tells its subscribers, and listens again", async () => {
    const f = feed();
    let calls = 0;
    f.subscribe("sessions", () => {
      calls += 1;
    });
    expect(await f.ready()).toBe(true);
    const before = calls;
    // What a restarted database or a dropped network does to the listening connection.
    await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
    );
    await until(
      () => !f.live,
      5_000,
      () => "the feed still claims to hear after its connection was cut",
    );
    expect(calls).toBeGreaterThan(before);
    await until(
      () => f.live,
      10_000,
      () => "the feed did not listen again",
    );
    const heard = calls;
    await feed().publish("sessions");
    await until(
      () => calls > heard,
      1_000,
      () => "a change after the reconnection was not heard",
    );
  });
});
