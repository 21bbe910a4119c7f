import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { Database } from "./client.ts";
import { staticAssets } from "./schema.ts";
import { sharedAssets } from "./shared-assets.ts";

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const build = (...names: string[]) => new Map(names.map((name) => [`/assets/${name}`, bytes(`content of ${name}`)]));

describe("the hashed assets every build shares (issue 36)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const storedPaths = async () =>
    (await database.db.select({ path: staticAssets.path }).from(staticAssets)).map((row) => row.path).sort();
  const seenDaysAgo = (days: number, paths: string[]) =>
    database.db.execute(
      sql`update ${staticAssets} set last_seen_at = now() - make_interval(days => ${days}) where path = any(${sql.param(paths)}::text[])`,
    );

  it("keeps each file's bytes as they were, once, whoever publishes it", async () => {
    const assets = sharedAssets(database.db);
    const binary = new Uint8Array([0, 255, 1, 254, 0x5c, 0x78]);
    await assets.publish(new Map([...build("a-111.js"), ["/assets/a-111.js.br", binary]]));
    // A second instance of the same build, and the next build that kept a chunk.
    await Promise.all([assets.publish(build("a-111.js")), assets.publish(build("a-111.js", "b-222.js"))]);
    expect(await storedPaths()).toEqual(["/assets/a-111.js", "/assets/a-111.js.br", "/assets/b-222.js"]);
    const found = await assets.find(["/assets/a-111.js", "/assets/a-111.js.br", "/assets/a-111.js.gz"]);
    expect([...found.keys()].sort()).toEqual(["/assets/a-111.js", "/assets/a-111.js.br"]);
    expect(Buffer.from(found.get("/assets/a-111.js") ?? []).toString()).toBe("content of a-111.js");
    expect([...(found.get("/assets/a-111.js.br") ?? [])]).toEqual([...binary]);
    expect((await assets.find(["/assets/none.js"])).size).toBe(0);
  });

  it("drops what no build started for 30 days has, but keeps the build this one replaces however old", async () => {
    const assets = sharedAssets(database.db);
    await database.db.delete(staticAssets);
    await assets.publish(build("old-1.js", "shared.js"));
    await seenDaysAgo(90, ["/assets/old-1.js", "/assets/shared.js"]);
    await assets.publish(build("previous-2.js", "shared.js"));
    await seenDaysAgo(45, ["/assets/previous-2.js", "/assets/shared.js"]);

    await assets.publish(build("new-3.js"));
    // old-1 was seen 90 days ago and is not the previous build: gone. The previous one ran 45 days without a restart.
    expect(await storedPaths()).toEqual(["/assets/new-3.js", "/assets/previous-2.js", "/assets/shared.js"]);

    // The next deploy replaces new-3; previous-2 is now two builds back and long unseen.
    await assets.publish(build("next-4.js"));
    expect(await storedPaths()).toEqual(["/assets/new-3.js", "/assets/next-4.js"]);
  });
});
