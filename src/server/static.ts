import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import type { Context } from "hono";
import { serveStatic } from "hono/serve-static";
import type { ServerApi } from "#shared/server-api.ts";
import type { AppEnv } from "./context.ts";
import { notFound } from "./http/errors.ts";
import { type PageRenderer, rendersOnServer } from "./page-render.ts";
import { routePreloads } from "./route-preloads.ts";

type Bytes = Uint8Array<ArrayBuffer>;

/** A view of the file read at start-up: answering a request copies nothing. */
async function readBytes(path: string): Promise<Bytes> {
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

/** The build's brotli and gzip copies (scripts/precompress.ts): encodings of their file, never URLs of their own. */
const PRECOMPRESSED = /\.(br|gz)$/;

/** The service worker and the manifest must be checked on every load, or a deploy would wait an hour to reach phones. */
const ALWAYS_REVALIDATED = new Set(["/sw.js", "/manifest.webmanifest"]);

function cacheControlFor(urlPath: string) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ALWAYS_REVALIDATED.has(urlPath)) return "no-cache";
  return "public, max-age=3600";
}

/**
 * Where the hashed assets of the other builds are (db/shared-assets.ts): during a rolling deploy a page of one build
 * asks an instance of the other for a chunk only its own build has.
 */
export type OtherBuilds = { find(paths: readonly string[]): Promise<Map<string, Uint8Array>> };

export type StaticSite = {
  /**
   * Answers a GET or HEAD for a file, a pre-rendered page, a signed-in screen rendered with his data (given `api`, the
   * request's own API in-process) or the SPA fallback; null when the path is not ours. A file's answer and a rendered
   * screen come as a promise: a static page's comes at once, as before.
   */
  serve(c: Context<AppEnv>, api?: ServerApi): Response | null | Promise<Response | null>;
};

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * The built client is small, so it is read into memory once at start-up: no disk access per request, and HTML pages
 * can get the request's CSP nonce cheaply. Files are answered by Hono's serveStatic (decision 0112): it checks the
 * path, names the type (hono's MIME table), and sends the build's brotli or gzip copy to a browser that takes it;
 * here it reads from the memory instead of the disk. Pages are ours: each gets the request's nonce.
 */
export async function loadStaticSite(
  root: string,
  options: {
    otherBuilds?: OtherBuilds;
    /** React Router's server build: renders the signed-in screens with their data (page-render.ts). */
    renderer?: PageRenderer | null;
    /** A render that failed: the screen falls back to the SPA shell, which loads its data itself. */
    onRenderError?: (error: unknown, path: string) => void;
  } = {},
): Promise<
  StaticSite & {
    /** This build's hashed files under /assets/ (their .br/.gz copies included), by URL path: what it shares. */
    assets: ReadonlyMap<string, Bytes>;
  }
> {
  // Every file of the build by its URL path, the .br/.gz copies included.
  const bytes = new Map<string, Bytes>();
  for (const path of await walk(root)) {
    bytes.set(`/${relative(root, path).split(sep).join("/")}`, await readBytes(path));
  }
  const isPage = (urlPath: string) => urlPath.endsWith(".html");
  const text = (body: Bytes) => Buffer.from(body).toString("utf8");

  // What serveStatic may answer: every file but the pages, and a copy only beside its file.
  const files = new Map<string, Bytes>();
  /** Files with a copy: every answer for them varies by Accept-Encoding, the file as built included. */
  const negotiated = new Set<string>();
  for (const [urlPath, body] of bytes) {
    if (isPage(urlPath)) continue;
    const original = urlPath.replace(PRECOMPRESSED, "");
    if (original === urlPath) files.set(urlPath, body);
    else if (bytes.has(original) && !isPage(original)) {
      files.set(urlPath, body);
      negotiated.add(original);
    }
  }
  const serveFile = serveStatic<AppEnv>({
    // The keys of `files` are URL paths: the library's path, joined to an empty root, is one of them or nothing.
    root: "",
    precompressed: true,
    getContent: async (path) => files.get(path) ?? null,
    onFound: (path, c) => {
      c.header("Cache-Control", cacheControlFor(path));
      // The library names Vary only on the copy; a cache must not hand the file as built to a browser that takes brotli.
      if (negotiated.has(path)) c.header("Vary", "Accept-Encoding");
    },
  });
  const noNext = async () => {};

  /**
   * Takes an asset of another build, with its copies, in as if this build had it: the same cache headers, type and
   * encodings, and the database asked once per path. A path names one content for ever, so keeping it is never wrong,
   * and only what some build really has is kept: a made-up name costs a query each time, never memory.
   */
  const { otherBuilds } = options;
  const adopt = async (path: string) => {
    const found = await otherBuilds?.find([path, `${path}.br`, `${path}.gz`]);
    const body = found?.get(path);
    if (!found || !body) return false;
    for (const [copyPath, copy] of found) files.set(copyPath, copy as Bytes);
    if (found.size > 1) negotiated.add(path);
    return true;
  };

  const fallbackFile = bytes.get("/__spa-fallback.html") ?? bytes.get("/index.html");
  if (!fallbackFile) throw new Error(`No built client found in ${root}. Run \`npm run build\` first.`);
  // The SPA fallback shows nothing until its scripts run, so it keeps the module preloads, and gets those of the
  // screen its path shows.
  const fallback = text(fallbackFile);
  const manifestPath = /<link rel="modulepreload" href="(\/assets\/manifest-[^"]+\.js)"/.exec(fallback)?.[1];
  const manifest = manifestPath ? bytes.get(manifestPath) : undefined;
  const screenModules = routePreloads(manifest ? text(manifest) : "");
  const fallbackFor = (path: string) => {
    const links = screenModules(path)
      .filter((url) => !fallback.includes(`"${url}"`))
      .map((url) => `<link rel="modulepreload" href="${url}"/>`)
      .join("");
    return links ? fallback.replace("</head>", `${links}</head>`) : fallback;
  };

  // A pre-rendered page paints without JavaScript. Its module preloads would compete with the
  // stylesheet and fonts for a phone's bandwidth and hold the first paint until ~150 kB of script
  // arrived; without them the scripts load after the page is on screen (Lighthouse mobile FCP
  // ~2.3 s → ~1.0 s).
  const withoutModulePreloads = (page: string) => page.replace(/<link rel="modulepreload"[^>]*>/g, "");
  const pages = new Map<string, string>();
  for (const [urlPath, body] of bytes) {
    if (urlPath.endsWith("/index.html")) pages.set(urlPath, withoutModulePreloads(text(body)));
  }

  const html = (c: Context<AppEnv>, page: string, cacheControl = "no-cache") => {
    const nonce = c.get("secureHeadersNonce");
    const body = nonce ? page.replaceAll("<script", `<script nonce="${nonce}"`) : page;
    return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl });
  };

  const { renderer, onRenderError } = options;
  /**
   * A signed-in screen with his data in its HTML, so a phone paints it before any script runs (issue 37); which pages
   * are, page-render.ts says. It holds one person's data, so no cache keeps it (as the API's answers). A render that
   * fails or answers anything but the page leaves him the shell, which asks for the data itself.
   */
  const rendered = async (c: Context<AppEnv>, path: string, api: ServerApi) => {
    if (!renderer) return null;
    try {
      const response = await renderer(c.req.raw, api);
      if (response.status !== 200) throw new Error(`The page render answered ${response.status}.`);
      // Painted from its HTML as the pre-rendered pages are, so without module preloads as they are.
      return html(c, withoutModulePreloads(await response.text()), "private, no-store");
    } catch (error) {
      onRenderError?.(error, path);
      return null;
    }
  };

  const assets = new Map([...files].filter(([path]) => path.startsWith("/assets/")));
  return {
    assets,
    serve(c, api) {
      let path: string;
      try {
        path = decodeURIComponent(c.req.path);
      } catch {
        return null;
      }
      if (path.includes("..") || path.startsWith("/api/") || path === "/api") return null;
      // Only a file of the build goes through serveStatic, so pages and client routes pay nothing for it. Its copies
      // are encodings of their file, not URLs of their own.
      if (files.has(path) && !PRECOMPRESSED.test(path)) return serveFile(c, noNext).then((file) => file ?? notFound(c));
      if (otherBuilds && path.startsWith("/assets/") && !PRECOMPRESSED.test(path)) {
        return adopt(path).then((found) =>
          found ? serveFile(c, noNext).then((file) => file ?? notFound(c)) : notFound(c),
        );
      }
      // A missing file is a 404, not the app; a page asked for by its file name gets the app.
      if (extname(path) && !(isPage(path) && bytes.has(path))) return notFound(c);
      const page =
        pages.get(`${path.replace(/\/$/, "")}/index.html`) ?? (path === "/" ? pages.get("/index.html") : undefined);
      if (page) return html(c, page);
      if (api && c.req.method === "GET" && rendersOnServer(path, Boolean(c.req.header("cookie")))) {
        return rendered(c, path, api).then((answer) => answer ?? html(c, fallbackFor(path)));
      }
      return html(c, fallbackFor(path));
    },
  };
}
