import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
      const landing = `<html><body><h1>Unscroll landing</h1>${"<p>Escape the scroll.</p>".repeat(60)}</body></html>`;
      writeFileSync(join(client, "index.html"), landing);
      const server = await startServer(
        { DATA_DIR: join(dir, "data"), BUILD_DIR: join(dir, "build"), APP_URL: "http://localhost:3000" },
        ["--enable-source-maps", serverBundle],
      );
      const base = `http://127.0.0.1:${server.port}`;
      // Migrations ran from the bundle's place: the tables exist and the session read answers.
      expect(await (await fetch(`${base}/api/me`)).json()).toEqual({ user: null, onboarding: null });
      const page = await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
      expect(page.headers.get("content-encoding")).toBe("br");
      expect(await page.text()).toContain("Unscroll landing");
      expect(await stopServer(server)).toBe(0);
      expect(server.errors()).toBe("");
    },
    STARTUP_MS * 2,
  );

  it("keeps what loads at first use out of the start: the plan writers, the mailer and web push are not imported by main.mjs", async () => {
    await buildServer();
    const main = readFileSync(serverBundle, "utf8");
    const imported = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    for (const lazy of [
      "compromise",
      "ai",
      "@ai-sdk/anthropic",
      "@ai-sdk/openai-compatible",
      "nodemailer",
      "web-push",
    ]) {
      expect(imported, lazy).not.toContain(lazy);
    }
    // Each is loaded by an import() of its own chunk or package instead.
    expect(main).toMatch(/import\("\.\/offline-generator-[A-Z0-9]+\.mjs"\)/);
    expect(main).toContain('import("nodemailer")');
  });
});
