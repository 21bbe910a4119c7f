import { type ChildProcess, spawn } from "node:child_process";
import { E2E } from "../support/e2e-ports.ts";
import { freePort } from "../support/free-port.ts";

/**
 * An app server of a spec's own, started as the shared e2e server is (the built app, as `npm start` runs it) with
 * settings the shared one cannot have. Its SMTP sink and mail API follow its port, as the shared one's do. The port is
 * one found free: fixed offsets from E2E_PORT collided once a third worker's offset reached another spec's, and the
 * spec then talked to the other spec's server. `offset` and the worker keep the builds of specs apart.
 */
export async function startOwnServer(options: {
  offset: number;
  parallelIndex: number;
  env: Record<string, string>;
  /** Serve the shared server's build (settings the build does not bake in), instead of building into its own. */
  sharedBuild?: boolean;
}) {
  const port = await freePort({ alsoFree: [5, 6] });
  const url = `http://localhost:${port}`;
  const sharedBuildDir = process.env.BUILD_DIR ?? (E2E.appPort === 3920 ? "build" : `.tmp/build-${E2E.appPort}`);
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/support/e2e-server.ts"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      BUILD_DIR: options.sharedBuild
        ? sharedBuildDir
        : `.tmp/build-${E2E.appPort}-own-${options.offset}-${options.parallelIndex}`,
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
