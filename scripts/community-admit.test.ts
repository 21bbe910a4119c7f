import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { communityMembers, users } from "#server/db/schema.ts";
import { joinWaitlist } from "#server/services/community/waitlist.ts";
import { killServers, startBundledServer, stopServer, writeClientFiles } from "#tests/support/server-process.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";

const root = resolve(import.meta.dirname, "..");

describe("npm run community:admit (issue 40)", () => {
  let folder: string;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  /** The command as the operator runs it, on the embedded database in `dataDir`, with its mail to our sink. */
  function admit(...args: string[]) {
    return new Promise<{ code: number; stderr: string }>((done) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/community-admit.ts", ...args],
        {
          cwd: root,
          // A blank DATABASE_URL keeps a developer's .env from pointing the command elsewhere.
          env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "test", SMTP_URL: smtp.url },
        },
        (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "unscroll-admit-"));
    dataDir = join(folder, "data");
    smtp = await startSmtpSink();
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    for (const [firstName, email] of [
      ["Ali", "ali@example.com"],
      ["Ben", "ben@example.com"],
      ["Carl", "carl@example.com"],
    ] as const) {
      const id = randomUUID();
      await database.db.insert(users).values({ id, name: firstName, firstName, email, emailVerified: true });
      await joinWaitlist(database.db, id, { name: firstName, interests: [], email });
    }
    await database.close();
  }, 60_000);
  afterAll(async () => {
    killServers();
    await smtp?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("lets the next ones in by position, e-mails each, and never admits one twice", { timeout: 60_000 }, async () => {
    const first = await admit("2");
    expect(first.stderr).toContain("Admitted 2 from the waitlist (#1–#2).");
    expect(first.code).toBe(0);
    const mail = await smtp.waitFor("ali@example.com");
    expect(mail.subject).toContain("community is open for you");
    expect(mail.text).toContain("You joined the waitlist as #1");
    await smtp.waitFor("ben@example.com");
    expect(smtp.mails.some((m) => m.to.includes("carl@example.com"))).toBe(false);

    expect((await admit("5")).stderr).toContain("Admitted 1 from the waitlist (#3–#3).");
    expect((await admit("5")).stderr).toContain("Nobody is waiting");

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const members = await database.db.select().from(communityMembers);
      expect(members).toHaveLength(3);
      expect(new Set(members.map((m) => m.admittedBy))).toEqual(new Set(["command"]));
    } finally {
      await database.close();
    }
  });

  it("issue 53 row 12: admits and e-mails the next ones while the server runs on the embedded database", {
    timeout: 180_000,
  }, async () => {
    const before = await openDatabase({ kind: "pglite", dataDir });
    for (const [firstName, email] of [
      ["Dan", "dan@example.com"],
      ["Eli", "eli@example.com"],
    ] as const) {
      const id = randomUUID();
      await before.db.insert(users).values({ id, name: firstName, firstName, email, emailVerified: true });
      await joinWaitlist(before.db, id, { name: firstName, interests: [], email });
    }
    await before.close();
    const server = await startBundledServer(
      { NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: smtp.url },
      writeClientFiles(join(folder, "build"), "<!doctype html>"),
    );
    const admitted = await admit("1");
    expect(admitted.stderr).toContain("Admitted 1 from the waitlist (#4–#4).");
    expect(admitted.code).toBe(0);
    // The server's own mailer sent it.
    expect((await smtp.waitFor("dan@example.com")).text).toContain("You joined the waitlist as #4");
    expect(smtp.mails.some((m) => m.to.includes("eli@example.com"))).toBe(false);
    expect(await stopServer(server)).toBe(0);

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      expect(await database.db.select().from(communityMembers)).toHaveLength(4);
    } finally {
      await database.close();
    }
  });

  it("says how to call it when the number is missing or not a count", { timeout: 30_000 }, async () => {
    for (const args of [[], ["2.5"]]) {
      const result = await admit(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Usage: npm run community:admit -- <how many");
    }
  });
});
