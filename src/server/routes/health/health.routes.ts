import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await c.var.deps.database.ping();
    return c.json({ status: "ok" as const, database: "up" as const }, 200);
  } catch (error) {
    c.var.log.error({ err: error }, "health check: database unreachable");
    return c.json({ status: "error" as const, database: "down" as const }, 503);
  }
});
