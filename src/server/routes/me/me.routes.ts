import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { runValidations } from "../../db/schema.ts";

/**
 * The client's one question at start: who is signed in, and has he finished
 * onboarding (a run validation exists)?
 */
export const meRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  if (!user) return c.json({ user: null, onboarding: null }, 200);
  const [validation] = await c.var.deps.database.db
    .select({ id: runValidations.id })
    .from(runValidations)
    .where(eq(runValidations.userId, user.id))
    .limit(1);
  return c.json(
    {
      user: { id: user.id, email: user.email, firstName: user.firstName },
      onboarding: { runValidated: Boolean(validation) },
    },
    200,
  );
});
