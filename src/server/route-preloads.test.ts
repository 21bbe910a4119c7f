import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./context.ts";
import { loadStaticSite } from "./static.ts";

/** React Router's route manifest as the build writes it, for a root, a signed-in layout, a dashboard and a partner page. */
const MANIFEST = `window.__reactRouterManifest=${JSON.stringify({
  entry: { module: "/assets/entry-1.js", imports: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/react-1.js"] },
    "routes/landing": { id: "routes/landing", parentId: "root", index: true, module: "/assets/landing-1.js" },
    "routes/layouts/signed-in": {
      id: "routes/layouts/signed-in",
      parentId: "root",
      module: "/assets/signed-in-1.js",
      imports: ["/assets/session-1.js"],
      clientLoaderModule: "/assets/signed-in-loader-1.js",
    },
    "routes/dashboard/layout": {
      id: "routes/dashboard/layout",
      parentId: "routes/layouts/signed-in",
      path: "dashboard",
      module: "/assets/layout-1.js",
    },
    "routes/dashboard/home": {
      id: "routes/dashboard/home",
      parentId: "routes/dashboard/layout",
      index: true,
      module: "/assets/home-1.js",
      imports: ["/assets/streak-card-1.js", "/assets/react-1.js"],
      clientLoaderModule: "/assets/home-loader-1.js",
    },
    "routes/dashboard/results": {
      id: "routes/dashboard/results",
      parentId: "routes/dashboard/layout",
      path: "results",
      module: "/assets/results-1.js",
    },
    "routes/partner-view": {
      id: "routes/partner-view",
      parentId: "root",
      path: "partner/view/:token",
      module: "/assets/partner-view-1.js",
    },
  },
})};`;

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);

describe("the SPA fallback names the scripts of the screen its path shows (issue 37)", () => {
  let dir: string;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unscroll-route-preloads-"));
    await mkdir(join(dir, "assets"));
    await writeFile(join(dir, "index.html"), "<html><head></head><body>Landing</body></html>");
    await writeFile(
      join(dir, "__spa-fallback.html"),
      '<html><head><link rel="modulepreload" href="/assets/manifest-ab12.js"/><link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/><link rel="modulepreload" href="/assets/react-1.js"/></head><body>Getting your account ready...</body></html>',
    );
    await writeFile(join(dir, "assets", "manifest-ab12.js"), MANIFEST);
    const site = await loadStaticSite(dir);
    app = new Hono<AppEnv>();
    app.on(["GET", "HEAD"], "*", async (c) => (await site.serve(c)) ?? c.json({ error: "Not found" }, 404));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const page = async (path: string) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    return preloads(await response.text());
  };
  const shell = ["/assets/manifest-ab12.js", "/assets/entry-1.js", "/assets/root-1.js", "/assets/react-1.js"];

  it("adds the dashboard's layouts, its loaders and its own imports, once each, after the shell", async () => {
    expect(await page("/dashboard")).toEqual([
      ...shell,
      "/assets/signed-in-loader-1.js",
      "/assets/signed-in-1.js",
      "/assets/session-1.js",
      "/assets/layout-1.js",
      "/assets/home-loader-1.js",
      "/assets/home-1.js",
      "/assets/streak-card-1.js",
    ]);
  });

  it("matches as the router does: any casing, a trailing slash, a section, a partner's token", async () => {
    expect(await page("/Dashboard/")).toContain("/assets/home-1.js");
    const results = await page("/dashboard/results");
    expect(results).toContain("/assets/results-1.js");
    expect(results).not.toContain("/assets/home-1.js");
    expect(await page("/partner/view/secret-token")).toEqual([...shell, "/assets/partner-view-1.js"]);
  });

  it("adds nothing for a path no screen has, and the pre-rendered pages stay as built", async () => {
    expect(await page("/no-such-screen")).toEqual(shell);
    expect(await page("/")).toEqual([]);
  });
});
