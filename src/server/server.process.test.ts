import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port.ts";
import { createEmptyPostgresDatabase } from "../../tests/support/test-database.ts";

const root = resolve(import.meta.dirname, "../..");
const onPostgres = process.env.TEST_DB === "postgres";

type Running = { child: ChildProcess; port: number; output: () => string };

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/dev-api.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "info", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, port, output: () => output };
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function stop(running: Running) {
  return new Promise<number | null>((resolveExit) => {
    running.child.once("exit", (code) => resolveExit(code));
    running.child.kill("SIGTERM");
  });
}

const origin = (port: number) => `http://localhost:${port}`;
async function signIn(port: number, email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: origin(port) },
    body: JSON.stringify({ email, password: "run4ever" }),
  });
  return response.status;
}

describe(`the server process (${onPostgres ? "DATABASE_URL" : "embedded PGlite"})`, () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let dbEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "unscroll-proc-"));
    if (onPostgres) pgDb = await createEmptyPostgresDatabase();
    dbEnv = pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await pgDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("migrates an empty database, stops cleanly on SIGTERM and keeps its data across a restart", async () => {
    const first = await startServer(dbEnv);
    const email = `keeper-${Date.now()}@example.com`;
    const signUp = await fetch(`http://127.0.0.1:${first.port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: origin(first.port) },
      body: JSON.stringify({ email, password: "run4ever", name: "Keeper", firstName: "Keeper", acceptTerms: true }),
    });
    expect(signUp.ok).toBe(true);
    // Unconfirmed but known: sign-in is refused for the unconfirmed e-mail, not for a wrong account.
    expect(await signIn(first.port, email)).toBe(403);
    // Without SMTP_URL the confirmation e-mail and its link are printed to the log.
    expect(first.output()).toMatch(/To: keeper-\d+@example\.com[\s\S]*\/api\/auth\/verify-email\?token=/);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain("database closed");

    const second = await startServer(dbEnv);
    expect(await signIn(second.port, email)).toBe(403);
    expect(await signIn(second.port, `nobody-${Date.now()}@example.com`)).toBe(401);
    expect(await stop(second)).toBe(0);
  });

  it("refuses to start on a bad setting and names it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/dev-api.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", PORT: "abc", ...dbEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(stderr).toContain("PORT: must be a port number (1-65535)");
  });
});
