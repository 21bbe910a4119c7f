import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { realClient } from "./real-client.ts";
import { killServers, startBundledServer, writeClientFiles } from "./server-process.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { createEmptyPostgresDatabase } from "./test-database.ts";

/**
 * For a process test file: the bundle `npm start` runs, on this run's database (a PostgreSQL database of its own, or
 * PGlite in a folder of its own), with its e-mail caught by an SMTP sink, settings as `npm start` has them
 * (NODE_ENV unset is development) plus `env`, and a client over real sockets. `close` in afterAll.
 */
export async function startRealServer(
  name: string,
  env: Record<string, string> = {},
  page = "<!doctype html>",
  /** A real build of the web app to serve instead of the one page (the server-rendered screens need one). */
  buildDir?: string,
) {
  const dir = await mkdtemp(join(tmpdir(), `unscroll-${name}-`));
  const smtp = await startSmtpSink();
  const pgDb = inject("testDb").kind === "postgres" ? await createEmptyPostgresDatabase() : undefined;
  const server = await startBundledServer(
    {
      NODE_ENV: "development",
      DATA_DIR: join(dir, "data"),
      SMTP_URL: smtp.url,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...env,
    },
    buildDir ?? writeClientFiles(join(dir, "build"), page),
  );
  return {
    dir,
    smtp,
    pgDb,
    server,
    client: realClient(server.port, smtp),
    async close() {
      killServers();
      await smtp.close();
      await pgDb?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
