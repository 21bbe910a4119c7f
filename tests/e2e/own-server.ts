import { type ChildProcess, spawn } from "node:child_process";
import { E2E } from "../support/e2e-ports.ts";

/**
 * An app server of a spec's own, started as the shared e2e server is (the built app, as `npm start` runs it) with
 * settings the shared one cannot have. Its SMTP sink and mail API follow its port, as the shared one's do.
 * `offset` keeps specs apart; each worker of the run gets its own port from there.
 */
export async function startOwnServer(options: {
  offset: number;
  parallelIndex: number;
  env: Record<string, string>;
  /** Serve the shared server's build (settings the build does not bake in), instead of building into its own. */
  sharedBuild?: boolean;
}) {
  const port = E2E.appPort + options.offset + options.parallelIndex * 10;
  const url = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/support/e2e-server.ts"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      ...(options.sharedBuild
        ? { BUILD_DIR: process.env.BUILD_DIR ?? (E2E.appPort === 3920 ? "build" : `.tmp/build-${E2E.appPort}`) }
        : {}),
      E2E_EXTRA_ENV: JSON.stringify(options.env),
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the e2e server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, mailApi: `http://127.0.0.1:${port + 6}`, stop: () => server.kill("SIGTERM") };
}
