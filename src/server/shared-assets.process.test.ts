import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { realClient } from "#tests/support/real-client.ts";
import {
  killServers,
  type RunningServer,
  STARTUP_MS,
  startBundledServer,
  writeClientFiles,
} from "#tests/support/server-process.ts";
import { createEmptyPostgresDatabase } from "#tests/support/test-database.ts";

const onPostgres = inject("testDb").kind === "postgres";

const BIG_B = `export const b = ${JSON.stringify("the new build's chunk ".repeat(300))};`;

/**
 * Issue 36: a rolling deploy, as two instances of the bundle `npm start` runs on one PostgreSQL database, each with a
 * build of its own (build A has assets/a-111.js, build B assets/b-222.js with its brotli copy). A page of either build
 * may ask either instance for its chunks. Only on PostgreSQL: the embedded database has one instance.
 */
describe.runIf(onPostgres)("hashed assets during a rolling deploy (two builds, one PostgreSQL)", () => {
  let dir: string;
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let a: RunningServer;
  let b: RunningServer;

  function buildWith(name: string, assets: Record<string, string | Buffer>) {
    const build = writeClientFiles(join(dir, name), `<!doctype html><title>${name}</title>`);
    mkdirSync(join(build, "client", "assets"));
    for (const [file, content] of Object.entries(assets)) writeFileSync(join(build, "client", "assets", file), content);
    return build;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unscroll-rolling-"));
    empty = await createEmptyPostgresDatabase();
    const buildA = buildWith("build-a", { "a-111.js": "console.log('a')" });
    const buildB = buildWith("build-b", { "b-222.js": BIG_B, "b-222.js.br": brotliCompressSync(BIG_B) });
    const settings = (name: string) => ({ DATABASE_URL: empty.url, DATA_DIR: join(dir, `data-${name}`) });
    // Both at once on the empty database, as a deploy of two instances starts them.
    [a, b] = await Promise.all([startBundledServer(settings("a"), buildA), startBundledServer(settings("b"), buildB)]);
  }, STARTUP_MS * 2);
  afterAll(async () => {
    killServers();
    await empty?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) =>
    realClient(server.port, { mails: [] }).send(path, { headers });

  it("answers each build's chunks on the other build's instance, as immutable as on its own", async () => {
    const fromA = await get(a, "/assets/b-222.js", { "accept-encoding": "gzip, deflate, br" });
    expect(fromA.status).toBe(200);
    expect(fromA.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(fromA.headers["content-type"]).toContain("text/javascript");
    expect(fromA.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(fromA.body).toString()).toBe(BIG_B);

    const fromB = await get(b, "/assets/a-111.js");
    expect(fromB.status).toBe(200);
    expect(fromB.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(fromB.headers["content-type"]).toContain("text/javascript");
    expect(fromB.body.toString()).toBe("console.log('a')");

    // Each instance's own chunk, for comparison: the same answer.
    const own = await get(b, "/assets/b-222.js", { "accept-encoding": "gzip, deflate, br" });
    expect(own.headers["content-encoding"]).toBe("br");
    expect(own.headers["cache-control"]).toBe(fromA.headers["cache-control"]);
  });

  it("answers 404 for a chunk neither build has", async () => {
    for (const server of [a, b]) {
      const missing = await get(server, "/assets/c-333.js");
      expect(missing.status).toBe(404);
      expect(missing.headers["cache-control"] ?? "").not.toContain("immutable");
    }
  });
});
