import type Stripe from "stripe";
import { createRateLimiter } from "#server/auth/rate-limit.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import type { AccountDeleted } from "#shared/account/data-rights.ts";
import { DomainError } from "../domain-error.ts";
import { accountDeletedEmail } from "../mail/account-emails.ts";
import { emailContext } from "../mail/email-layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { deleteAccount } from "./account-deletion.ts";

export type LeaveDeps = {
  db: Db;
  env: Env;
  stripe: Stripe;
  proofStorage: ProofStorage;
  /** Revokes his Strava grant, if he has one (account-deletion.ts). */
  revokeStrava?: (userId: string) => Promise<void>;
  mailer: Mailer;
  /** The request's logger: what was deleted, and what could not be, for the operator. */
  log: Logger;
};

type Leaving = { id: string; email: string; firstName: string };

/**
 * POST /api/me/delete (decision 0069): his own request to leave for good. The attempt is counted like a login, per IP
 * and per account on counters of their own, so nobody can guess his password here (over the limit:
 * `account.tooManyAttempts` with the wait in its details). Then the password confirms it, Stripe stops charging and
 * everything of his is deleted (account-deletion.ts), and he gets an e-mail saying so: a courtesy, so a mail server
 * that fails does not undo or refuse anything. Signing the browser out is the route's: cookies are HTTP.
 */
export async function deleteAccountOnRequest(
  deps: LeaveDeps,
  user: Leaving,
  password: string,
  clientIp: string | null,
): Promise<AccountDeleted> {
  const { env, log } = deps;
  const limiter = createRateLimiter(deps.db, env.rateLimits, env.AUTH_SECRET);
  const verdict = await limiter.consume("signIn", { ip: clientIp, email: user.email }, { scope: "deleteAccount" });
  if (!verdict.allowed) {
    throw new DomainError("account.tooManyAttempts", { retryAfterSeconds: verdict.retryAfterSeconds });
  }

  const result = await deleteAccount(
    { db: deps.db, stripe: deps.stripe, proofStorage: deps.proofStorage, revokeStrava: deps.revokeStrava },
    user.id,
    password,
  );
  log.info({ userId: user.id, deletedRows: result.deletedRows }, "account deleted");
  if (result.photosLeft > 0)
    log.error({ photosLeft: result.photosLeft }, "proof photos of a deleted account left in storage");
  // Their ids only: the operator deletes them in Stripe's dashboard; his address stays out of the log.
  if (result.stripeCustomersLeft.length > 0)
    log.error(
      { stripeCustomers: result.stripeCustomersLeft },
      "Stripe customer of a deleted account left at Stripe: delete it there",
    );

  try {
    const context = emailContext(env);
    await deps.mailer.send({
      to: user.email,
      ...accountDeletedEmail(context, { email: user.email, firstName: user.firstName }, result),
    });
  } catch (error) {
    // The account is gone either way; the e-mail is a courtesy. The mail server's words may quote the address.
    log.warn({ code: (error as { code?: unknown }).code }, "account-deleted e-mail not sent");
  }
  return { deleted: true, subscriptionCancelled: result.subscriptionCancelled };
}
