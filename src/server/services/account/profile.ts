import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import type { Me } from "#shared/account/contracts.ts";
import { DomainError } from "../domain-error.ts";
import { isRunValidated } from "../onboarding/onboarding.ts";

/**
 * Changes the name the app greets him with. better-auth's `name` is kept equal to it, as at sign-up, so the
 * account e-mails use the new name too.
 */
export async function updateFirstName(db: Db, userId: string, firstName: string) {
  const [row] = await db
    .update(users)
    .set({ firstName, name: firstName })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, createdAt: users.createdAt });
  if (!row) throw new DomainError("auth.sessionRequired");
  return row;
}

type MeUser = { id: string; email: string; firstName: string; createdAt: Date };

/** GET /api/me's answer: who he is, with the joined date the profile shows, and whether onboarding is done. */
export async function me(db: Db, user: MeUser): Promise<Me> {
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, createdAt: user.createdAt.toISOString() },
    onboarding: { runValidated: await isRunValidated(db, user.id) },
  };
}
