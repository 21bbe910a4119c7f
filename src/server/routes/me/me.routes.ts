import { Hono } from "hono";
import { type Me, updateProfileSchema } from "../../../shared/account/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { validate } from "../../http/validation.ts";
import { updateFirstName } from "../../services/account/profile.ts";
import { isRunValidated } from "../../services/onboarding/onboarding.ts";

type MeUser = { id: string; email: string; firstName: string; createdAt: Date };

async function me(db: Db, user: MeUser): Promise<Me> {
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, createdAt: user.createdAt.toISOString() },
    onboarding: { runValidated: await isRunValidated(db, user.id) },
  };
}

/**
 * The client's one question at start: who is signed in (with the joined date the profile shows), and has he
 * finished onboarding (a run validation exists)? PATCH changes his first name with the sign-up rules.
 */
export const meRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = c.var.user;
    if (!user) {
      const nobody: Me = { user: null, onboarding: null };
      return c.json(nobody, 200);
    }
    return c.json(await me(c.var.deps.database.db, user), 200);
  })
  .patch("/", requireUser, validate("json", updateProfileSchema), async (c) => {
    const { db } = c.var.deps.database;
    const saved = await updateFirstName(db, c.var.user.id, c.req.valid("json").firstName);
    return c.json(await me(db, saved), 200);
  });
