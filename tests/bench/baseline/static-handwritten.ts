// The built client as src/server/static.ts served it before decision 0112 (issue 29), kept as it was so
// tests/bench/static-and-session.ts measures the library-based site against it in the same run. Not used by the app.
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import type { Context } from "hono";
import { parseAccept } from "hono/utils/accept";
import type { AppEnv } from "#server/context.ts";
import { notFound } from "#server/http/errors.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".mp4": "video/mp4",
};

type Bytes = Uint8Array<ArrayBuffer>;
type StaticFile = { body: Bytes; type: string; cacheControl: string; br?: Bytes; gzip?: Bytes };

/** A view of the file read at start-up: answering a request copies nothing. */
async function readBytes(path: string): Promise<Bytes> {
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

const PRECOMPRESSED = { ".br": "br", ".gz": "gzip" } as const;

/** Brotli, else gzip, when the browser takes it (q > 0, named or by `*`); null for the file as it is. */
function encodingFor(acceptEncoding: string | undefined, file: StaticFile): "br" | "gzip" | null {
  if (!acceptEncoding || (!file.br && !file.gzip)) return null;
  const accepted = parseAccept(acceptEncoding);
  const q = (name: string) =>
    accepted.find((a) => a.type.toLowerCase() === name)?.q ?? accepted.find((a) => a.type === "*")?.q ?? 0;
  if (file.br && q("br") > 0) return "br";
  if (file.gzip && q("gzip") > 0) return "gzip";
  return null;
}

/** The service worker and the manifest must be checked on every load, or a deploy would wait an hour to reach phones. */
const ALWAYS_REVALIDATED = new Set(["/sw.js", "/manifest.webmanifest"]);

function cacheControlFor(urlPath: string) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ALWAYS_REVALIDATED.has(urlPath)) return "no-cache";
  return "public, max-age=3600";
}

type StaticSite = {
  /** Answers a GET for a file, a pre-rendered page or the SPA fallback; null when the path is not ours. */
  serve(c: Context<AppEnv>): Response | null;
};

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * The built client is small, so it is read into memory once at start-up: no disk
 * access per request, and HTML pages can get the request's CSP nonce cheaply.
 */
export async function loadStaticSite(root: string): Promise<StaticSite> {
  const files = new Map<string, StaticFile>();
  const variants: [string, "br" | "gzip", Bytes][] = [];
  for (const path of await walk(root)) {
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const encoding = PRECOMPRESSED[extname(path) as keyof typeof PRECOMPRESSED];
    if (encoding) {
      variants.push([urlPath.slice(0, -extname(path).length), encoding, await readBytes(path)]);
      continue;
    }
    files.set(urlPath, {
      body: await readBytes(path),
      type: CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
      cacheControl: cacheControlFor(urlPath),
    });
  }
  // The build's brotli and gzip copies (scripts/precompress.ts) are sent instead of compressing on every request.
  for (const [urlPath, encoding, body] of variants) {
    const file = files.get(urlPath);
    if (file) file[encoding] = body;
  }
  const fallbackFile = files.get("/__spa-fallback.html") ?? files.get("/index.html");
  if (!fallbackFile) throw new Error(`No built client found in ${root}. Run \`npm run build\` first.`);
  // The SPA fallback shows nothing until its scripts run, so it keeps the module preloads.
  const fallback = Buffer.from(fallbackFile.body).toString("utf8");

  // A pre-rendered page paints without JavaScript. Its module preloads would compete with the
  // stylesheet and fonts for a phone's bandwidth and hold the first paint until ~150 kB of script
  // arrived; without them the scripts load after the page is on screen (Lighthouse mobile FCP
  // ~2.3 s → ~1.0 s).
  const pages = new Map<string, string>();
  for (const [urlPath, file] of files) {
    if (urlPath.endsWith("/index.html")) {
      pages.set(
        urlPath,
        Buffer.from(file.body)
          .toString("utf8")
          .replace(/<link rel="modulepreload"[^>]*>/g, ""),
      );
    }
  }

  const html = (c: Context<AppEnv>, page: string) => {
    const nonce = c.get("secureHeadersNonce");
    const body = nonce ? page.replaceAll("<script", `<script nonce="${nonce}"`) : page;
    return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
  };

  return {
    serve(c) {
      let path: string;
      try {
        path = decodeURIComponent(c.req.path);
      } catch {
        return null;
      }
      if (path.includes("..") || path.startsWith("/api/") || path === "/api") return null;
      const file = files.get(path);
      if (file && !path.endsWith(".html")) {
        const headers: Record<string, string> = { "Content-Type": file.type, "Cache-Control": file.cacheControl };
        if (file.br || file.gzip) headers.Vary = "Accept-Encoding";
        const encoding = encodingFor(c.req.header("Accept-Encoding"), file);
        if (encoding) headers["Content-Encoding"] = encoding;
        const body = (encoding && file[encoding]) || file.body;
        return c.body(body, 200, headers);
      }
      if (extname(path) && !file) return notFound(c);
      const page =
        pages.get(`${path.replace(/\/$/, "")}/index.html`) ?? (path === "/" ? pages.get("/index.html") : undefined);
      return html(c, page ?? fallback);
    },
  };
}
