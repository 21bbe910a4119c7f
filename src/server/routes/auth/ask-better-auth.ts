import type { Context } from "hono";
import { betterAuthRequest, type GuardEnv } from "./guard-env.ts";
import { mapAnswer } from "./map-answer.ts";

/** Step 11: better-auth gets the request as the steps shaped it; its answer goes back as the app answers (`mapAnswer`). */
export async function askBetterAuth(c: Context<GuardEnv>): Promise<Response> {
  const response = await c.get("deps").auth.handler(betterAuthRequest(c));
  return mapAnswer(c.get("endpoint"), response);
}
