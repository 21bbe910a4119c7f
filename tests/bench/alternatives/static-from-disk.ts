import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import type { AppEnv } from "#server/context.ts";
import { loadStaticSite, type StaticSite } from "#server/static.ts";

/**
 * The alternative measured against src/server/static.ts (decision 0112): hashed assets read from the disk on each
 * request by @hono/node-server's serveStatic (a stat of the file and of its copy, then a file stream), with the same
 * headers; pages as the app serves them.
 */
export async function loadDiskSite(root: string): Promise<StaticSite> {
  const pages = await loadStaticSite(root);
  const fromDisk = serveStatic<AppEnv>({
    root,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Vary", "Accept-Encoding");
    },
  });
  return {
    async serve(c: Context<AppEnv>) {
      if (c.req.path.startsWith("/assets/")) {
        const response = await fromDisk(c, async () => {});
        if (response) return response;
      }
      return pages.serve(c);
    },
  };
}
