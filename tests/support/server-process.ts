import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { freePort } from "./free-port.ts";

/**
 * The real server as a child process (`src/server/dev-api.ts` under tsx), for tests of start-up, signals and
 * restarts. Every wait is for a signal (a log line, a health answer, an exit) with a generous but bounded limit:
 * beside other CPU-heavy work a start (tsx, migrations, a new PGlite) can take many seconds.
 */
export const STARTUP_MS = 90_000;
export const STOP_MS = 30_000;

const root = resolve(import.meta.dirname, "../..");
const children = new Set<ChildProcess>();

/** `output` is stdout and stderr as they came; `errors` is stderr alone. */
export type ServerProcess = { child: ChildProcess; output: () => string; errors: () => string };
export type RunningServer = ServerProcess & { port: number };

/** Polls a cheap local condition (captured output, a request to 127.0.0.1) until it holds or time runs out. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, failure: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts the server with only `env` (and PATH) as its settings, capturing stdout and stderr together. `args`: what
 * node runs, the API under tsx unless told otherwise (e.g. the bundle `npm start` runs).
 */
export function spawnServer(
  env: Record<string, string>,
  args: readonly string[] = ["--import", "tsx", "src/server/dev-api.ts"],
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  let output = "";
  let errors = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
    errors += d;
  });
  return { child, output: () => output, errors: () => errors };
}

/** Resolves with the exit code; fails if the process has not exited within `timeoutMs`. */
export function exitOf(child: ChildProcess, timeoutMs: number) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise<number | null>((resolveExit, reject) => {
    const timer = setTimeout(() => reject(new Error(`process still running after ${timeoutMs} ms`)), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}

/** A server on a free port, ready once it says it listens (after migrating) and its health check answers. */
export async function startServer(env: Record<string, string>, args?: readonly string[]): Promise<RunningServer> {
  const port = await freePort();
  const server = spawnServer({ NODE_ENV: "test", LOG_LEVEL: "info", PORT: String(port), ...env }, args);
  await until(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
      if (!server.output().includes("Unscroll is listening")) return false;
      return fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    },
    STARTUP_MS,
    () => `server did not become healthy in ${STARTUP_MS} ms:\n${server.output()}`,
  );
  return { ...server, port };
}

/** SIGTERM, as a process manager stops it; resolves with the exit code. */
export function stopServer(server: ServerProcess) {
  const exited = exitOf(server.child, STOP_MS);
  server.child.kill("SIGTERM");
  return exited;
}

/** For afterAll: a failed test may leave a server running, and it must not outlive the run. */
export function killServers() {
  for (const child of children) child.kill("SIGKILL");
}
