import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { FREE_MONTHLY_TOKENS, UNLIMITED_TOKENS } from "#shared/billing/plans.ts";
import {
  effectiveFreeBalance,
  type TokenAction,
  tokenActions,
  tokenMessages,
  tokenPeriod,
} from "#shared/tokens/rules.ts";
import { premiumCondition } from "../billing/premium.ts";
import { DomainError } from "../domain-error.ts";

/** Anything that runs SQL: the database or an open transaction. */
export type SqlExecutor = Pick<Db, "execute">;

export type ConsumeResult = { unlimited: boolean; tokensRemaining: number; message: string };

/**
 * Spends one token for `action` in ONE statement: the row lock of the UPDATE serialises concurrent calls and its
 * WHERE is re-checked on the locked row, so two clicks can never spend the same token or go below 0. The free
 * balance is topped up to 5 (not accumulated) at the first use in a new calendar month. Premium spends nothing;
 * the usage is logged either way, in the same statement.
 */
export async function consumeToken(
  db: SqlExecutor,
  userId: string,
  action: string,
  now: Date = new Date(),
): Promise<ConsumeResult> {
  if (!tokenActions.includes(action as TokenAction)) throw new DomainError("tokens.invalidAction");
  const period = tokenPeriod(now);
  const premium = premiumCondition(now, sql.raw("p"));
  const result = await db.execute<{ tokens_remaining: number; premium: boolean }>(sql`
    with spent as (
      update profiles p set
        tokens_remaining = case
          when ${premium} then p.tokens_remaining
          when p.tokens_period is distinct from ${period} then ${FREE_MONTHLY_TOKENS - 1}
          else p.tokens_remaining - 1 end,
        tokens_period = case when ${premium} then p.tokens_period else ${period} end,
        updated_at = ${now}::timestamptz
      where p.id = ${userId}
        and (${premium} or p.tokens_period is distinct from ${period} or p.tokens_remaining > 0)
      returning p.tokens_remaining, ${premium} as premium
    ), logged as (
      insert into token_usage (user_id, action_type) select ${userId}, ${action} from spent returning id
    )
    select tokens_remaining, premium from spent`);
  const row = result.rows[0];
  if (!row) {
    const profile = await db.execute(sql`select 1 from profiles where id = ${userId}`);
    if (profile.rows.length === 0) throw new DomainError("tokens.profileMissing");
    throw new DomainError("tokens.insufficient");
  }
  return row.premium
    ? { unlimited: true, tokensRemaining: UNLIMITED_TOKENS, message: tokenMessages.premiumSuccess }
    : { unlimited: false, tokensRemaining: Number(row.tokens_remaining), message: tokenMessages.consumed };
}

/** The balance a user sees: unlimited for premium, else the free balance with this month's top-up applied. */
export async function tokenBalance(
  db: SqlExecutor,
  userId: string,
  now: Date = new Date(),
): Promise<{ remaining: number; unlimited: boolean }> {
  const result = await db.execute<BalanceRow>(
    sql`select tokens_remaining, tokens_period, ${premiumCondition(now)} as premium from profiles where id = ${userId}`,
  );
  return balanceOf(result.rows[0], now);
}

/** The columns of profiles a balance is computed from (null when the profile is missing). */
export type BalanceRow = { tokens_remaining: number | null; tokens_period: string | null; premium: boolean | null };

/** The balance of a profile row read with `premiumCondition()` as `premium`. */
export function balanceOf(row: BalanceRow | undefined, now: Date = new Date()) {
  // SPEC.md section 8: a failure to read the balance shows 0.
  if (!row || row.tokens_remaining === null) return { remaining: 0, unlimited: false };
  if (row.premium) return { remaining: UNLIMITED_TOKENS, unlimited: true };
  return { remaining: effectiveFreeBalance(Number(row.tokens_remaining), row.tokens_period, now), unlimited: false };
}
