import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "#server/context.ts";

/** The reference page loads only its own files: no CDN, no inline script. */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join("; ");

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Unscroll API reference</title>
    <link rel="stylesheet" href="/api/reference/swagger-ui.css" />
    <link rel="stylesheet" href="/api/reference/narrow.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/reference/swagger-ui-bundle.js"></script>
    <script src="/api/reference/start.js"></script>
  </body>
</html>
`;

const start = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  tryItOutEnabled: false,
  withCredentials: true,
});
`;

/** On a phone Swagger UI squeezes an area's description into a column one letter wide: it goes under the name. */
const narrow = `@media (max-width: 640px) {
  .swagger-ui .opblock-tag { flex-wrap: wrap; }
  .swagger-ui .opblock-tag small { flex: 1 1 100%; order: 3; padding: 0 0 8px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-description { flex: 1 1 100%; }
}
`;

const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

/**
 * GET /api/reference: the interactive reference of GET /api/openapi.json (Swagger UI, a development dependency served
 * from node_modules), outside production only.
 */
export function referencePage() {
  const folder = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return new Hono<AppEnv>()
    .get("/", (c) => c.html(page, 200, { "Content-Security-Policy": PAGE_POLICY }))
    .get("/start.js", (c) => c.body(start, 200, { "Content-Type": "text/javascript; charset=utf-8" }))
    .get("/narrow.css", (c) => c.body(narrow, 200, { "Content-Type": "text/css; charset=utf-8" }))
    .get("/:file", async (c) => {
      const type = assets[c.req.param("file")];
      if (!type) return c.notFound();
      const bytes = await readFile(join(folder, c.req.param("file")));
      return c.body(new Uint8Array(bytes), 200, { "Content-Type": type, "Cache-Control": "no-cache" });
    });
}
