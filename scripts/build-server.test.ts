import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killServers, STARTUP_MS, startServer, stopServer } from "../tests/support/server-process.ts";
import { buildServer, serverBundle } from "./build-server.ts";

/** What `npm start` runs after building: the server bundled into one JavaScript file, without tsx. */
describe("the server bundle npm start runs", () => {
  const dir = mkdtempSync(join(tmpdir(), "unscroll-bundle-"));
  afterAll(() => {
    killServers();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "migrates, serves the API and the built pages, and stops cleanly on SIGTERM",
    async () => {
      await buildServer();
      const client = join(dir, "build", "client");
      mkdirSync(client, { recursive: true });
      writeFileSync(join(client, "index.html"), "<html><body><h1>Unscroll landing</h1></body></html>");
      const server = await startServer(
        { DATA_DIR: join(dir, "data"), BUILD_DIR: join(dir, "build"), APP_URL: "http://localhost:3000" },
        ["--enable-source-maps", serverBundle],
      );
      const base = `http://127.0.0.1:${server.port}`;
      // Migrations ran from the bundle's place: the tables exist and the session read answers.
      expect(await (await fetch(`${base}/api/me`)).json()).toEqual({ user: null, onboarding: null });
      expect(await (await fetch(`${base}/`)).text()).toContain("Unscroll landing");
      expect(await stopServer(server)).toBe(0);
      expect(server.errors()).toBe("");
    },
    STARTUP_MS * 2,
  );
});
