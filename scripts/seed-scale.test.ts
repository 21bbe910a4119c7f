import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const adminUrl = process.env.TEST_DATABASE_URL;

function seed(databaseUrl: string, ...args: string[]) {
  return new Promise<{ code: number; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/seed-scale.ts", ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe("npm run seed:scale (issue 58)", () => {
  it("asks for a number of men and a database named in the command", { timeout: 60_000 }, async () => {
    expect((await seed("", "--men", "10")).code).toBe(2);
    expect((await seed("postgres://127.0.0.1:1/none", "--men", "0")).code).toBe(2);
    expect((await seed("postgres://127.0.0.1:1/none", "--men", "10", "--at", "tomorrow")).code).toBe(2);
  });

  describe.runIf(adminUrl)("on PostgreSQL", () => {
    const name = `unscroll_seed_${randomBytes(6).toString("hex")}`;
    const url = new URL(adminUrl ?? "postgres://unused");
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    const checksums = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const tables = ["users", "milestones", "todos", "community_posts", "community_notifications", "partners"];
        const sums: Record<string, string> = {};
        for (const table of tables) {
          const { rows } = await client.query(
            `select md5(string_agg(t::text, ',' order by t::text)) as sum from ${table} t`,
          );
          sums[table] = rows[0].sum;
        }
        const counts = await client.query(
          "select (select count(*) from users) as users, (select count(*) from milestones) as milestones, " +
            "(select count(*) from community_notifications) as notifications",
        );
        // Vacuumed as autovacuum would have, so index-only scans read no table pages (the feed's counts).
        const { rows: unvacuumed } = await client.query(
          "select relname from pg_stat_user_tables where relname = any($1) and last_vacuum is null",
          [tables],
        );
        return { sums, counts: counts.rows[0], unvacuumed: unvacuumed.map((row) => row.relname) };
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create database "${name}"`);
    });
    afterAll(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });

    it("fills an empty database, refuses it once filled, and makes the same rows again with --force", {
      timeout: 120_000,
    }, async () => {
      const first = await seed(url.toString(), "--men", "300", "--seed", "7", "--at", "2026-11-29");
      expect(first.stderr).toContain("Seeded 300 men");
      const before = await checksums();
      expect(before.counts).toEqual({ users: "300", milestones: "2700", notifications: expect.any(String) });
      expect(before.unvacuumed).toEqual([]);
      expect(Number(before.counts.notifications)).toBeGreaterThan(0);

      const refused = await seed(url.toString(), "--men", "300");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("already holds 300 users");

      expect((await seed(url.toString(), "--men", "300", "--seed", "7", "--at", "2026-11-29", "--force")).code).toBe(0);
      expect(await checksums()).toEqual(before);
    });
  });
});
