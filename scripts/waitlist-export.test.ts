import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { joinWaitlist } from "#server/services/community/waitlist.ts";
import { joinWaitlistSchema } from "#shared/community/contracts.ts";
import { killServers, startBundledServer, stopServer, writeClientFiles } from "#tests/support/server-process.ts";

const root = resolve(import.meta.dirname, "..");

/** `npm run waitlist:export` as the operator runs it, on the embedded database in `dataDir`. */
function runExport(dataDir: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/waitlist-export.ts"],
      // A blank DATABASE_URL keeps a developer's .env from pointing the export elsewhere.
      { cwd: root, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "test" } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run waitlist:export", () => {
  let folder: string;
  let dataDir: string;
  let database: Database | null = null;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "unscroll-export-"));
    dataDir = join(folder, "data");
    database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    for (const [name, email, interests] of [
      ["Marcus Reed", "marcus@example.com", ["health"]],
      ["Dev Shah", "dev@example.com", []],
    ] as const) {
      const id = randomUUID();
      await database.db.insert(users).values({ id, name, email });
      await joinWaitlist(database.db, id, { ...joinWaitlistSchema.parse({ name, interests }), email });
    }
  }, 60_000);
  afterAll(async () => {
    killServers();
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("refuses to open the embedded database while another process has it open", { timeout: 30_000 }, async () => {
    const result = await runExport(dataDir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("is open in another process (is the server running?)");
  });

  it("writes the waitlist as CSV to standard output once the server has stopped", { timeout: 30_000 }, async () => {
    await database?.close();
    database = null;
    const result = await runExport(dataDir);
    expect(result.stderr).toContain("Exported 2 waitlist members.");
    expect(result.code).toBe(0);
    expect(result.stdout.split("\r\n")).toEqual([
      "position,name,email,interests,joined_at",
      expect.stringMatching(/^1,Marcus Reed,marcus@example\.com,Health & Fitness,\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      expect.stringMatching(/^2,Dev Shah,dev@example\.com,,\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      "",
    ]);
  });

  it("issue 53 row 12: writes the same CSV while the server runs on the embedded database", {
    timeout: 180_000,
  }, async () => {
    await database?.close();
    database = null;
    const stopped = await runExport(dataDir);
    const server = await startBundledServer(
      { NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "" },
      writeClientFiles(join(folder, "build"), "<!doctype html>"),
    );
    const running = await runExport(dataDir);
    expect(running.stderr).toContain("Exported 2 waitlist members.");
    expect(running.code).toBe(0);
    expect(running.stdout).toBe(stopped.stdout);
    expect(await stopServer(server)).toBe(0);
  });

  it("says where it looked when there is no database, and creates none", { timeout: 30_000 }, async () => {
    const missing = join(folder, "nowhere");
    const result = await runExport(missing);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`No database in DATA_DIR (${missing})`);
    expect(existsSync(missing)).toBe(false);
  });
});
