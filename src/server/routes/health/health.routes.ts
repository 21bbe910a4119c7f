import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { databaseAnswers } from "./database-check.ts";

/** Only the proxy and the monitoring read these: no screen does, so they live here and not in src/shared. */
const healthy = z.object({ status: z.literal("ok"), database: z.literal("up") });
const unhealthy = z.union([
  z.object({ status: z.literal("error"), database: z.literal("down") }),
  z.object({ status: z.literal("draining") }),
]);

export const healthRoutes = new Hono<AppEnv>().get(
  "/",
  documented({
    tag: "Operations",
    summary: "Whether the server and its database answer, and whether it takes new requests.",
    ok: {
      200: { description: "The server and its database answer.", body: healthy },
      503: {
        description: "The database does not answer, or the instance is stopping (the proxy sends it nothing new).",
        body: unhealthy,
      },
    },
    public: true,
  }),
  async (c) => {
    if (c.get("deps").lifecycle.draining) return c.json({ status: "draining" as const }, 503);
    try {
      await databaseAnswers(c.get("deps").database);
      return c.json({ status: "ok" as const, database: "up" as const }, 200);
    } catch (error) {
      c.get("log").error({ err: error }, "health check: database unreachable");
      return c.json({ status: "error" as const, database: "down" as const }, 503);
    }
  },
);
