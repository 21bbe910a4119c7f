import type { Db } from "#server/db/client.ts";
import { consumeToken, tokenBalance } from "#server/services/tokens/tokens.ts";

/**
 * A free member left with `left` tokens this month (none unless told), each spent on a retake as the quiz spends
 * one, through the token service: the month, the usage log and the balance are what the app itself writes. Tokens
 * only go down; a balance above his own is refused.
 */
export async function buildSpentTokens(db: Db, userId: string, left = 0, now: Date = new Date()) {
  let { remaining, unlimited } = await tokenBalance(db, userId, now);
  if (unlimited || remaining < left)
    throw new Error(`he has ${unlimited ? "unlimited" : remaining} tokens, not ${left}+`);
  while (remaining > left) remaining = (await consumeToken(db, userId, "quiz_retake", now)).tokensRemaining;
  return remaining;
}
