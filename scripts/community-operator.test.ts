import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { operators, users } from "#server/db/schema.ts";
import { killServers, startBundledServer, stopServer, writeClientFiles } from "#tests/support/server-process.ts";

const root = resolve(import.meta.dirname, "..");

describe("npm run community:operator (issue 40, decision 0136)", () => {
  let folder: string;
  let dataDir: string;
  let userId: string;

  /** The command as the operator runs it, on the embedded database in `dataDir`. */
  function operator(...args: string[]) {
    return new Promise<{ code: number; stderr: string }>((done) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/community-operator.ts", ...args],
        // A blank DATABASE_URL keeps a developer's .env from pointing the command elsewhere.
        { cwd: root, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "test" } },
        (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
  }

  async function marked() {
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      return (await database.db.select().from(operators)).map((o) => o.userId);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "unscroll-operator-"));
    dataDir = join(folder, "data");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    userId = randomUUID();
    await database.db
      .insert(users)
      .values({ id: userId, name: "Olga", firstName: "Olga", email: "olga@example.com", emailVerified: true });
    await database.close();
  }, 60_000);
  afterAll(async () => {
    killServers();
    await rm(folder, { recursive: true, force: true });
  });

  it("marks an account once, says so when it was already, and unmarks it with --remove", {
    timeout: 90_000,
  }, async () => {
    const first = await operator(" Olga@Example.com ");
    expect(first.stderr).toContain("is now an operator");
    expect(first.code).toBe(0);
    const again = await operator("olga@example.com");
    expect(again.stderr).toContain("was an operator already; nothing changed.");
    expect(again.code).toBe(0);
    expect(await marked()).toEqual([userId]);

    const removed = await operator("--remove", "olga@example.com");
    expect(removed.stderr).toContain("is no longer an operator");
    expect(await marked()).toEqual([]);
    expect((await operator("--remove", "olga@example.com")).stderr).toContain("was not an operator; nothing changed.");
  });

  it("names an unknown address and changes nothing", { timeout: 30_000 }, async () => {
    const result = await operator("nobody@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account uses nobody@example.com.");
    expect(await marked()).toEqual([]);
  });

  it("issue 53 row 12: marks and unmarks an account while the server runs on the embedded database", {
    timeout: 180_000,
  }, async () => {
    const server = await startBundledServer(
      { NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" },
      writeClientFiles(join(folder, "build"), "<!doctype html>"),
    );
    const marking = await operator("olga@example.com");
    expect(marking.stderr).toContain("olga@example.com is now an operator");
    expect(marking.code).toBe(0);
    expect(existsSync(join(dataDir, "operator.sock"))).toBe(true);
    expect((await operator("olga@example.com")).stderr).toContain("was an operator already; nothing changed.");
    const unknown = await operator("nobody@example.com");
    expect(unknown.stderr).toContain("No account uses nobody@example.com.");
    expect(unknown.code).toBe(1);
    expect(await stopServer(server)).toBe(0);
    // A clean stop takes the socket away with the server.
    expect(existsSync(join(dataDir, "operator.sock"))).toBe(false);
    expect(await marked()).toEqual([userId]);

    const again = await startBundledServer(
      { NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" },
      join(folder, "build"),
    );
    expect((await operator("--remove", "olga@example.com")).stderr).toContain("is no longer an operator");
    expect(await stopServer(again)).toBe(0);
    expect(await marked()).toEqual([]);
  });

  it("says how to call it when the address is missing or the arguments are wrong", { timeout: 30_000 }, async () => {
    for (const args of [[], ["--remove"], ["not-an-address"], ["a@example.com", "b@example.com"]]) {
      const result = await operator(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Usage: npm run community:operator -- <email>");
    }
  });
});
