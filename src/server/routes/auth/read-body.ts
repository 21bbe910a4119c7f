import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { httpMessages } from "#server/http/errors.ts";
import type { GuardEnv } from "./guard-env.ts";

type Body = Record<string, unknown>;

/** Through Hono's body cache: the app's text check has read the body already. A JSON object or a form, else null. */
async function parsedBody(c: Context<GuardEnv>): Promise<Body | null> {
  const type = c.req.header("content-type") ?? "";
  const text = await c.req.text();
  try {
    if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

/**
 * Step 3: a POST to an endpoint with a `body` schema is read here (JSON or a form; anything else is 400); any other
 * POST body (sign-out's) passes on to better-auth as it came.
 */
export const readBody = createMiddleware<GuardEnv>(async (c, next) => {
  if (c.req.method !== "POST") return next();
  if (!c.get("endpoint").body) {
    c.get("forward").body = await c.req.text();
    return next();
  }
  const input = await parsedBody(c);
  if (!input) return c.json({ error: httpMessages.unreadable }, 400);
  c.set("input", input);
  await next();
});
