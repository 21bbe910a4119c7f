import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEST_PASSWORD } from "#tests/support/personas.ts";
import {
  bundledServerArgs,
  exitOf,
  killServers,
  STARTUP_MS,
  STOP_MS,
  spawnServer,
  startBundledServer,
  stopServer,
  until,
  writeClientFiles,
} from "#tests/support/server-process.ts";
import { createEmptyPostgresDatabase } from "#tests/support/test-database.ts";

const onPostgres = inject("testDb").kind === "postgres";

const origin = (port: number) => `http://localhost:${port}`;
async function signIn(port: number, email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: origin(port) },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  return response.status;
}

describe(`the server process (${onPostgres ? "DATABASE_URL" : "embedded PGlite"})`, () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let dbEnv: Record<string, string>;
  let clientFiles: string;
  // The bundle `npm start` runs (it started under tsx before: 5–9 s of a start went to compiling the source).
  const startServer = (env: Record<string, string>) => startBundledServer(env, clientFiles);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "unscroll-proc-"));
    clientFiles = writeClientFiles(join(dataDir, "build"), "<!doctype html><title>Unscroll</title>");
    if (onPostgres) pgDb = await createEmptyPostgresDatabase();
    // DATA_DIR also with PostgreSQL: the server keeps its dev secret and the test Stripe state there, not in the repo.
    dbEnv = pgDb ? { DATABASE_URL: pgDb.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    killServers();
    await pgDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "migrates an empty database, stops cleanly on SIGTERM and keeps its data across a restart",
    async () => {
      const first = await startServer(dbEnv);
      const email = `keeper-${Date.now()}@example.com`;
      const signUp = await fetch(`http://127.0.0.1:${first.port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: origin(first.port) },
        body: JSON.stringify({
          email,
          password: TEST_PASSWORD,
          name: "Keeper",
          firstName: "Keeper",
          acceptTerms: true,
        }),
      });
      expect(signUp.ok).toBe(true);
      // Unconfirmed but known: sign-in is refused for the unconfirmed e-mail, not for a wrong account.
      expect(await signIn(first.port, email)).toBe(403);
      // Without SMTP_URL the confirmation e-mail and its link are printed to the log (after the answer is sent).
      const printed = /To: keeper-\d+@example\.com[\s\S]*\/api\/auth\/verify-email\?token=/;
      await until(
        () => printed.test(first.output()),
        STARTUP_MS,
        () => `no e-mail printed:\n${first.output()}`,
      );
      expect(first.output()).toMatch(printed);

      expect(await stopServer(first)).toBe(0);
      expect(first.output()).toContain("database closed");

      const second = await startServer(dbEnv);
      expect(await signIn(second.port, email)).toBe(403);
      expect(await signIn(second.port, `nobody-${Date.now()}@example.com`)).toBe(401);
      expect(await stopServer(second)).toBe(0);
    },
    4 * STARTUP_MS,
  );

  it(
    "drains on SIGTERM: its health check fails at once while it still answers, then it closes and exits 0",
    async () => {
      const server = await startServer({ ...dbEnv, SHUTDOWN_GRACE_SECONDS: "2" });
      const base = `http://127.0.0.1:${server.port}`;
      const exited = exitOf(server.child, STOP_MS);
      server.child.kill("SIGTERM");
      // The proxy's next check sees 503 and sends nothing new; a request already routed here is still answered.
      await until(
        async () => (await fetch(`${base}/api/health`)).status === 503,
        5_000,
        () => `health never failed while draining:\n${server.output()}`,
      );
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: "draining" });
      expect((await fetch(`${base}/api/me`, { headers: { origin: origin(server.port) } })).status).toBe(200);
      expect(await exited).toBe(0);
      expect(server.output()).toContain("database closed; bye");
    },
    2 * STARTUP_MS,
  );

  it(
    "a sign-up answered just before SIGTERM is still written: shutdown waits for it",
    async () => {
      const first = await startServer(dbEnv);
      const email = `late-${Date.now()}@example.com`;
      const signUp = await fetch(`http://127.0.0.1:${first.port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: origin(first.port) },
        body: JSON.stringify({ email, password: TEST_PASSWORD, name: "Late", firstName: "Late", acceptTerms: true }),
      });
      expect(signUp.ok).toBe(true);
      // The answer comes before the account is written (decision 0063); the stop comes right after it.
      expect(await stopServer(first)).toBe(0);

      const second = await startServer(dbEnv);
      // Known and unconfirmed (403), not unknown (401).
      expect(await signIn(second.port, email)).toBe(403);
      expect(await stopServer(second)).toBe(0);
    },
    3 * STARTUP_MS,
  );

  it(
    "refuses to start on a bad setting and names it",
    async () => {
      const { child, errors } = spawnServer({ PORT: "abc", ...dbEnv }, await bundledServerArgs());
      expect(await exitOf(child, STARTUP_MS)).toBe(1);
      expect(errors()).toContain("PORT: must be a port number (1-65535)");
    },
    STARTUP_MS + STOP_MS,
  );
});
