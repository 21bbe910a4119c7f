import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { isRunValidated } from "../../services/onboarding/onboarding.ts";

/**
 * The client's one question at start: who is signed in, and has he finished
 * onboarding (a run validation exists)?
 */
export const meRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  if (!user) return c.json({ user: null, onboarding: null }, 200);
  return c.json(
    {
      user: { id: user.id, email: user.email, firstName: user.firstName },
      onboarding: { runValidated: await isRunValidated(c.var.deps.database.db, user.id) },
    },
    200,
  );
});
