import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./context.ts";
import { loadStaticSite } from "./static.ts";

const BIG_SCRIPT = `export const words = ${JSON.stringify("run without your phone ".repeat(400))};`;

describe("serving the built web app", () => {
  let dir: string;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unscroll-static-"));
    await mkdir(join(dir, "assets"));
    await mkdir(join(dir, "ChallengePage"));
    await writeFile(
      join(dir, "index.html"),
      '<html><head><link rel="modulepreload" href="/assets/app-3f9a.js"/></head><body><h1>Landing</h1><script>boot()</script></body></html>',
    );
    await writeFile(join(dir, "ChallengePage", "index.html"), "<html><body><h1>Challenge</h1></body></html>");
    await writeFile(
      join(dir, "__spa-fallback.html"),
      '<html><head><link rel="modulepreload" href="/assets/app-3f9a.js"/></head><body>app<script type="module" src="/assets/app.js"></script></body></html>',
    );
    await writeFile(join(dir, "assets", "app-3f9a.js"), "console.log(1)");
    await writeFile(join(dir, "robots.txt"), "User-agent: *");
    await writeFile(join(dir, "assets", "big-77aa.js"), BIG_SCRIPT);
    await writeFile(join(dir, "assets", "big-77aa.js.br"), brotliCompressSync(BIG_SCRIPT));
    await writeFile(join(dir, "assets", "big-77aa.js.gz"), gzipSync(BIG_SCRIPT));
    await writeFile(join(dir, "sw.js"), "self.addEventListener('fetch', () => {})");
    await writeFile(join(dir, "manifest.webmanifest"), '{"name":"Unscroll"}');
    const site = await loadStaticSite(dir);
    app = new Hono<AppEnv>();
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }));
    app.on(["GET", "HEAD"], "*", async (c) => (await site.serve(c)) ?? c.json({ error: "Not found" }, 404));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await app.request("/assets/app-3f9a.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/javascript");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves other files with a short cache", async () => {
    const response = await app.request("/robots.txt");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("has the service worker and the manifest revalidated on every load, so a deploy reaches installed apps", async () => {
    const worker = await app.request("/sw.js");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-type")).toContain("text/javascript");
    const manifest = await app.request("/manifest.webmanifest");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
  });

  it("serves pre-rendered pages, revalidated on every visit, with the request's CSP nonce on scripts", async () => {
    const response = await app.request("/");
    const html = await response.text();
    expect(html).toContain("<h1>Landing</h1>");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">boot()</script>`);
    expect(await (await app.request("/ChallengePage")).text()).toContain("<h1>Challenge</h1>");
    expect(await (await app.request("/ChallengePage/")).text()).toContain("<h1>Challenge</h1>");
  });

  it("lets pre-rendered pages paint before their scripts load, while the SPA shell preloads them", async () => {
    const landing = await (await app.request("/")).text();
    expect(landing).toContain("<h1>Landing</h1>");
    expect(landing).not.toContain("modulepreload");
    expect(await (await app.request("/dashboard")).text()).toContain(
      '<link rel="modulepreload" href="/assets/app-3f9a.js"/>',
    );
  });

  it("answers client routes with the SPA fallback", async () => {
    for (const path of ["/dashboard", "/quiz/results", "/auth/Login"]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("app<script");
    }
  });

  it("answers a missing file with 404 instead of the app, and never leaves the folder", async () => {
    expect((await app.request("/assets/missing-1234.js")).status).toBe(404);
    expect((await app.request("/favicon.png")).status).toBe(404);
    const traversal = await app.request("/..%2f..%2fetc%2fpasswd");
    expect(await traversal.text()).not.toContain("root:");
  });

  it("sends the build's brotli copy to browsers that take it, else gzip, else the file as built", async () => {
    const get = (acceptEncoding?: string) =>
      app.request("/assets/big-77aa.js", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    const chrome = await get("gzip, deflate, br, zstd");
    expect(chrome.headers.get("content-encoding")).toBe("br");
    expect(chrome.headers.get("vary")).toBe("Accept-Encoding");
    const brotli = Buffer.from(await chrome.arrayBuffer());
    expect(brotli.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(brotliDecompressSync(brotli).toString()).toBe(BIG_SCRIPT);

    for (const gzipOnly of ["gzip, deflate", "br;q=0, gzip"]) {
      const response = await get(gzipOnly);
      expect(response.headers.get("content-encoding"), gzipOnly).toBe("gzip");
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
    }
    for (const none of [undefined, "identity", "gzip;q=0, br;q=0"]) {
      const response = await get(none);
      expect(response.headers.get("content-encoding"), none).toBeNull();
      // The file as built varies too, so no cache hands it to a browser that takes brotli.
      expect(response.headers.get("vary"), none).toBe("Accept-Encoding");
      expect(await response.text()).toBe(BIG_SCRIPT);
    }
  });

  it("answers HEAD with a file's headers and no body", async () => {
    const head = await app.request("/assets/big-77aa.js", { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("text/javascript");
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(head.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await head.text()).toBe("");
    expect((await app.request("/assets/missing-1234.js", { method: "HEAD" })).status).toBe(404);
  });

  it("serves the copies only as encodings of their file: small files as they are, no .br URL of its own", async () => {
    const small = await app.request("/assets/app-3f9a.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe("console.log(1)");
    expect((await app.request("/assets/big-77aa.js.br")).status).toBe(404);
    expect((await app.request("/assets/big-77aa.js.gz")).status).toBe(404);
    expect(small.headers.get("vary")).toBeNull();
  });
});

describe("serving the hashed assets of another build (issue 36)", () => {
  let dir: string;
  let app: Hono<AppEnv>;
  const asked: string[][] = [];
  // What the database holds of the other build: its chunk with the build's copies, and a small file without.
  const otherBuild = new Map<string, Uint8Array>([
    ["/assets/b-222.js", Buffer.from(BIG_SCRIPT)],
    ["/assets/b-222.js.br", brotliCompressSync(BIG_SCRIPT)],
    ["/assets/b-222.js.gz", gzipSync(BIG_SCRIPT)],
    ["/assets/b-222.css", Buffer.from("body{margin:0}")],
  ]);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unscroll-static-other-"));
    await mkdir(join(dir, "assets"));
    await writeFile(join(dir, "index.html"), "<html><body>A</body></html>");
    await writeFile(join(dir, "assets", "a-111.js"), "console.log('a')");
    await writeFile(join(dir, "robots.txt"), "User-agent: *");
    const site = await loadStaticSite(dir, {
      otherBuilds: {
        async find(paths) {
          asked.push([...paths]);
          return new Map(paths.flatMap((path) => (otherBuild.has(path) ? [[path, otherBuild.get(path)!]] : [])));
        },
      },
    });
    expect([...site.assets.keys()]).toEqual(["/assets/a-111.js"]);
    app = new Hono<AppEnv>();
    app.on(["GET", "HEAD"], "*", async (c) => (await site.serve(c)) ?? c.json({ error: "Not found" }, 404));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("answers an asset only the other build has as its own: immutable, typed, in the encoding the browser takes", async () => {
    const brotli = await app.request("/assets/b-222.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("content-type")).toContain("text/javascript");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
    const plain = await app.request("/assets/b-222.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
    const css = await app.request("/assets/b-222.css", { headers: { "accept-encoding": "br" } });
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(css.headers.get("vary")).toBeNull();
    expect(await css.text()).toBe("body{margin:0}");
  });

  it("asks the other builds once per asset, never for its own files, pages or copies", async () => {
    asked.length = 0;
    await app.request("/assets/b-222.js");
    await app.request("/assets/a-111.js");
    await app.request("/robots.txt");
    await app.request("/dashboard");
    expect((await app.request("/assets/b-222.js.br")).status).toBe(404);
    expect(asked).toEqual([]);
    expect((await app.request("/assets/c-333.js")).status).toBe(404);
    expect((await app.request("/assets/c-333.js", { method: "HEAD" })).status).toBe(404);
    expect(asked).toEqual([
      ["/assets/c-333.js", "/assets/c-333.js.br", "/assets/c-333.js.gz"],
      ["/assets/c-333.js", "/assets/c-333.js.br", "/assets/c-333.js.gz"],
    ]);
    // Outside /assets/ a missing file is nobody's chunk.
    expect((await app.request("/favicon.png")).status).toBe(404);
    expect(asked).toHaveLength(2);
  });

  it("answers an error, not a 404 a browser would keep, while the other builds cannot be asked", async () => {
    const site = await loadStaticSite(dir, {
      otherBuilds: {
        find: () => Promise.reject(new Error("the database is down")),
      },
    });
    const failing = new Hono<AppEnv>();
    failing.on(["GET", "HEAD"], "*", async (c) => (await site.serve(c)) ?? c.json({ error: "Not found" }, 404));
    expect((await failing.request("/assets/b-222.js")).status).toBe(500);
    expect((await failing.request("/assets/a-111.js")).status).toBe(200);
  });
});

/**
 * Issue 37, decision 0139: the dashboard's screens come with his data in their HTML, rendered by React Router's server
 * build (here a stand-in renderer that says whose API answered). What reaches which request is decided here.
 */
describe("serving the signed-in screens rendered with his data", () => {
  let dir: string;
  let app: Hono<AppEnv>;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unscroll-rendered-"));
    await writeFile(
      join(dir, "__spa-fallback.html"),
      '<html><head><link rel="modulepreload" href="/assets/app-3f9a.js"/></head><body>shell<script type="module" src="/assets/app.js"></script></body></html>',
    );
    const site = await loadStaticSite(dir, {
      // Asks "the API" as the loaders would, and puts the answer in the page; "/dashboard/broken" fails as a render may.
      renderer: async (request, api) => {
        if (new URL(request.url).pathname === "/dashboard/broken") throw new Error("render failed");
        const me = await (await api("/api/me")).text();
        return new Response(
          `<html><head><link rel="modulepreload" href="/assets/app-3f9a.js"/></head><body><h1>${me}</h1><script>hydrate()</script></body></html>`,
          { headers: { "content-type": "text/html" } },
        );
      },
      onRenderError: (_error, path) => errors.push(path),
    });
    app = new Hono<AppEnv>();
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }));
    app.on(["GET", "HEAD"], "*", async (c) => {
      // The in-process API: answers with whose cookie asked.
      const api = async () => new Response(`Hello ${c.req.header("cookie")?.split("=")[1] ?? "visitor"}`);
      return (await site.serve(c, api)) ?? c.json({ error: "Not found" }, 404);
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("paints a dashboard screen from its HTML: his data in it, no module preloads, the CSP nonce on its scripts", async () => {
    const response = await app.request("/dashboard/settings", { headers: { cookie: "session=marcus" } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("<h1>Hello marcus</h1>");
    expect(page).not.toContain("modulepreload");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(page).toContain(`<script nonce="${nonce}">hydrate()</script>`);
  });

  it("lets no cache keep a page with one man's data in it", async () => {
    const response = await app.request("/dashboard", { headers: { cookie: "session=marcus" } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("renders each request's page with that request's own API, also when many are rendered at once", async () => {
    const names = Array.from({ length: 20 }, (_, i) => `man${i}`);
    const pages = await Promise.all(
      names.map(async (name) => (await app.request("/dashboard", { headers: { cookie: `session=${name}` } })).text()),
    );
    pages.forEach((page, i) => {
      expect(page).toContain(`<h1>Hello ${names[i]}</h1>`);
    });
  });

  it("renders a partner's page, whose link is the key, without cookies", async () => {
    const response = await app.request("/partner/view/abc123");
    expect(await response.text()).toContain("<h1>Hello visitor</h1>");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives a visitor without cookies the shell, and renders nothing outside the dashboard", async () => {
    expect(await (await app.request("/dashboard")).text()).toContain("shell<script");
    expect(await (await app.request("/partner/view/abc/more")).text()).toContain("shell<script");
    const quiz = await app.request("/quiz", { headers: { cookie: "session=marcus" } });
    expect(await quiz.text()).toContain("shell<script");
    expect(quiz.headers.get("cache-control")).toBe("no-cache");
  });

  it("falls back to the shell, which loads the data itself, when a render fails, and says so in the log", async () => {
    const response = await app.request("/dashboard/broken", { headers: { cookie: "session=marcus" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("shell<script");
    expect(errors).toEqual(["/dashboard/broken"]);
  });
});
