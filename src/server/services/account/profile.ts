import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { DomainError } from "../domain-error.ts";

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
