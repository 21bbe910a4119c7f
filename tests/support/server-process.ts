import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildServer } from "#scripts/build-server.ts";
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

/** Resolves with the exit code (null after a signal); fails if the process has not exited within `timeoutMs`. */
export function exitOf(child: ChildProcess, timeoutMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise<number | null>((resolveExit, reject) => {
    const timer = setTimeout(() => reject(new Error(`process still running after ${timeoutMs} ms`)), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}

/**
 * A server on a free port (or on `env.PORT`, e.g. an instance restarted where a proxy expects it), ready once it says
 * it listens (after migrating) and its health check answers.
 */
export async function startServer(env: Record<string, string>, args?: readonly string[]): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
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

let bundled: Promise<string> | undefined;
const BUNDLE_PREFIX = "server-bundle-";

/** Vitest may end a worker without its exit handlers: bundles of processes that no longer run are removed here. */
function removeBundlesOfEndedRuns() {
  const dir = resolve(root, ".tmp");
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(BUNDLE_PREFIX)) continue;
    const pid = Number(name.slice(BUNDLE_PREFIX.length));
    if (Number.isInteger(pid) && !isRunning(pid)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The server as `npm start` runs it: src/server/main.ts bundled by scripts/build-server.ts and run by plain node,
 * listening through the same `createHttpServer`, with the client's files from `clientFiles` (a folder with an
 * index.html is enough). Each test process bundles once, into a folder of its own two levels below the root as
 * build/server is, so test projects running beside each other never overwrite a bundle another one is starting.
 */
export async function startBundledServer(env: Record<string, string>, clientFiles: string): Promise<RunningServer> {
  return startServer({ BUILD_DIR: clientFiles, ...env }, await bundledServerArgs());
}

/** What node runs for the bundle (`spawnServer`'s args), bundling it first in this test process if need be. */
export async function bundledServerArgs(): Promise<readonly string[]> {
  bundled ??= (async () => {
    removeBundlesOfEndedRuns();
    const outdir = resolve(root, ".tmp", `${BUNDLE_PREFIX}${process.pid}`);
    process.once("exit", () => rmSync(outdir, { recursive: true, force: true }));
    await buildServer(outdir);
    return join(outdir, "main.mjs");
  })();
  return ["--enable-source-maps", await bundled];
}

/** A build folder whose client is one page: what a bundled server needs to start and to serve a page. */
export function writeClientFiles(dir: string, page: string) {
  mkdirSync(join(dir, "client"), { recursive: true });
  writeFileSync(join(dir, "client", "index.html"), page);
  return dir;
}
