import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { UNLIMITED_TOKENS } from "#shared/billing/plans.ts";

/**
 * SQL truth of "this profile is premium" (SPEC.md sections 4 and 6): a non-free status whose end date has not
 * passed, or an unlimited balance (-1) granted by hand. Fulfilment keeps the status and end date in line with
 * Stripe, so a subscription whose webhook never came still ends on time. `profile` is the alias of the profiles row.
 *
 * `now` is the app's clock, not the database's `now()`: the end date is Stripe's, and every other moment the app
 * decides by is its own, so one clock decides (decision 0100).
 */
export function premiumCondition(now: Date | Placeholder, profile: SQL = sql.raw("profiles")): SQL {
  return sql`(${profile}.tokens_remaining = ${UNLIMITED_TOKENS}
    or (${profile}.subscription_status <> 'free'
        and (${profile}.subscription_ends_at is null or ${profile}.subscription_ends_at > ${now}::timestamptz)))`;
}

export async function isPremium(db: Pick<Db, "execute">, userId: string, now: Date = new Date()): Promise<boolean> {
  const result = await db.execute<{ premium: boolean }>(
    sql`select ${premiumCondition(now)} as premium from profiles where id = ${userId}`,
  );
  return Boolean(result.rows[0]?.premium);
}
