import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { operators, users } from "#server/db/schema.ts";
import { normalizeEmail } from "#shared/account/rules.ts";

/**
 * Who runs the community (decision 0136): accounts marked with `npm run community:operator -- <email>`. A mark is a
 * row, not a setting, so it needs no restart and every instance sees it at once.
 */

export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId));
  return Boolean(row);
}

/** What marking or unmarking an address did: "unknown" when no account has it. */
export type OperatorChange = "marked" | "already" | "unmarked" | "notMarked" | "unknown";

async function accountOf(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

/** Marks the account with this address as an operator; marking it again changes nothing. */
export async function markOperator(db: Db, email: string): Promise<OperatorChange> {
  const user = await accountOf(db, email);
  if (!user) return "unknown";
  const inserted = await db
    .insert(operators)
    .values({ userId: user.id })
    .onConflictDoNothing()
    .returning({ userId: operators.userId });
  return inserted.length > 0 ? "marked" : "already";
}

/** Takes the mark away: the account gets 404 from /admin again. Its past decisions stay in the log. */
export async function unmarkOperator(db: Db, email: string): Promise<OperatorChange> {
  const user = await accountOf(db, email);
  if (!user) return "unknown";
  const deleted = await db
    .delete(operators)
    .where(eq(operators.userId, user.id))
    .returning({ userId: operators.userId });
  return deleted.length > 0 ? "unmarked" : "notMarked";
}
