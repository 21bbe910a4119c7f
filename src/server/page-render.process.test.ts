import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDirectory, ensureBuild } from "#scripts/ensure-build.ts";
import { startRealServer } from "#tests/support/real-server.ts";
import { STARTUP_MS } from "#tests/support/server-process.ts";

/**
 * Decision 0139, through the server `npm start` runs (the bundle, real sockets) with the real web app's build: the
 * dashboard's screens arrive with his data in their HTML, each request's page with its own man's data only, and what
 * must not be rendered (no cookies, another path) still gets the SPA shell.
 */
describe("the signed-in screens, rendered with his data by the server npm start runs", () => {
  let running: Awaited<ReturnType<typeof startRealServer>>;

  beforeAll(async () => {
    // The build `npm test` made before the server tests; made here when this file runs on its own.
    ensureBuild();
    running = await startRealServer("page-render", {}, undefined, buildDirectory());
  }, STARTUP_MS * 3);
  afterAll(() => running?.close());

  async function man(from: string) {
    const cookie = await running.client.signedIn(from);
    const me = (await running.client.send("/api/me", { from, headers: { cookie } })).json() as {
      user: { email: string };
    };
    return { cookie, email: me.user.email, from };
  }

  async function page(path: string, from: string, headers: Record<string, string> = {}) {
    const answer = await running.client.send(path, { from, headers: { "accept-encoding": "br", ...headers } });
    const html =
      answer.headers["content-encoding"] === "br"
        ? brotliDecompressSync(answer.body).toString("utf8")
        : answer.body.toString("utf8");
    return { ...answer, html };
  }

  it("sends his profile with his address in the HTML, its scripts carrying the CSP nonce, and no cache keeps it", async () => {
    const marcus = await man("127.0.0.61");
    const answer = await page("/dashboard/profile", marcus.from, { cookie: marcus.cookie });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(marcus.email);
    expect(answer.html).toContain("Your profile");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.html).not.toContain('rel="modulepreload"');
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...answer.html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it("renders two men's pages at once, each with his own address only", async () => {
    const [a, b] = await Promise.all([man("127.0.0.62"), man("127.0.0.63")]);
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const who = i % 2 ? b : a;
        return page("/dashboard/profile", who.from, { cookie: who.cookie }).then((p) => ({ who, html: p.html }));
      }),
    );
    for (const { who, html } of pages) {
      const other = who === a ? b : a;
      expect(html).toContain(who.email);
      expect(html).not.toContain(other.email);
    }
  });

  it("gives a request without cookies the shell, which sends him to log in, and renders nothing of anyone's", async () => {
    const answer = await page("/dashboard/profile", "127.0.0.64");
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('"isSpaMode":true');
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });
});
