import { Hono } from "hono";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";

export const healthRoutes = new Hono<AppEnv>().get(
  "/",
  documented({
    tag: "Operations",
    summary: "Whether the server and its database answer, and whether it takes new requests.",
    ok: {
      200: '`{status: "ok", database: "up"}`',
      503: '`{status: "error", database: "down"}`, or `{status: "draining"}` while the instance stops (the proxy sends it nothing new)',
    },
    public: true,
  }),
  async (c) => {
    if (c.var.deps.lifecycle.draining) return c.json({ status: "draining" as const }, 503);
    try {
      await c.var.deps.database.ping();
      return c.json({ status: "ok" as const, database: "up" as const }, 200);
    } catch (error) {
      c.var.log.error({ err: error }, "health check: database unreachable");
      return c.json({ status: "error" as const, database: "down" as const }, 503);
    }
  },
);
