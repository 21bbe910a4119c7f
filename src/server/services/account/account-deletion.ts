import { and, eq, isNotNull, notInArray, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { verifyPassword } from "#server/auth/password-hash.ts";
import type { Db } from "#server/db/client.ts";
import { accounts, profiles, proofs, subscriptions, verifications } from "#server/db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { ProofStorage } from "../proof/proof-storage.ts";
import { userTables } from "./user-tables.ts";

/** Stripe statuses after which nothing is charged again: nothing to cancel. */
const finishedStatuses = ["canceled", "incomplete_expired"];

/** The password of his e-mail-and-password sign-in, checked with the same hashes login uses. */
async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.hash) return false;
  return verifyPassword({ hash: credential.hash, password });
}

async function cancelOne(stripe: Stripe, id: string) {
  try {
    await stripe.subscriptions.cancel(id);
  } catch (error) {
    // Already over at Stripe (or gone) is what cancelling wants; anything else stops the deletion.
    const current = await stripe.subscriptions.retrieve(id).catch(() => null);
    const missing = (error as { code?: string }).code === "resource_missing";
    if (missing || (current && finishedStatuses.includes(current.status))) return;
    throw new DomainError("account.cancelFailed", {}, { cause: error });
  }
}

/**
 * Ends every running subscription of the user at Stripe now (decision 0070), before any row is deleted: if Stripe
 * refuses, the account stays as it was and he may try again. Answers whether there was one to cancel.
 */
async function cancelSubscriptions(db: Db, stripe: Stripe, userId: string): Promise<boolean> {
  const running = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, finishedStatuses)));
  const ids = running.flatMap((r) => (r.id ? [r.id] : []));
  for (const id of ids) await cancelOne(stripe, id);
  return ids.length > 0;
}

/** His customers at Stripe: the one his profile names, and any his subscriptions were made for. */
async function stripeCustomersOf(db: Db, userId: string): Promise<string[]> {
  const [profile] = await db.select({ id: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.id, userId));
  const paying = await db
    .select({ id: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return [...new Set([profile?.id, ...paying.map((s) => s.id)].filter((id): id is string => Boolean(id)))];
}

/**
 * Deletes his customers at Stripe (issue 52 row 12), which keep his address and name: after his rows are gone, so no
 * account of ours ever names a customer Stripe no longer has. Gone already is what deleting wants. A failure does not
 * undo his deletion, which is done: the customers left are answered for the operator's log, to delete by hand.
 */
async function deleteStripeCustomers(stripe: Stripe, ids: string[]): Promise<string[]> {
  const left: string[] = [];
  for (const id of ids) {
    try {
      await stripe.customers.del(id);
    } catch (error) {
      if ((error as { code?: string }).code !== "resource_missing") left.push(id);
    }
  }
  return left;
}

/**
 * Removes every row of the user from every table the schema ties to him, and his pending reset links, in one
 * transaction. The user row is locked first: a concurrent write that would add a row of his (its foreign key needs
 * that row) waits, then fails, so nothing is left half-deleted or added after. Answers the rows deleted per table.
 */
async function deleteUserRows(db: Db, userId: string): Promise<DeletedRows> {
  // A write of his that holds one of his rows and then needs his users row deadlocks with the deletion; PostgreSQL
  // ends one of the two. When it is the deletion, it runs again once that write is over (attempts are few: each
  // retry waits for the writes already holding his rows, and new ones wait behind the lock on his users row).
  for (let attempt = 1; ; attempt++) {
    try {
      return await deleteUserRowsOnce(db, userId);
    } catch (error) {
      if (attempt >= 3 || !isDeadlock(error)) throw error;
    }
  }
}

function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}

type DeletedRows = { counts: Record<string, number>; photoKeys: string[] };

async function deleteUserRowsOnce(db: Db, userId: string): Promise<DeletedRows> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    // Read under the lock: no proof of his can be added after it, so every photo of his is on this list.
    const photos = await tx
      .select({ key: proofs.photoKey })
      .from(proofs)
      .where(and(eq(proofs.userId, userId), isNotNull(proofs.photoKey)));
    const counts: Record<string, number> = {};
    for (const table of userTables()) {
      const [first] = table.userColumns;
      if (!first) continue;
      const mine = or(...table.userColumns.map((column) => eq(column, userId)));
      const deleted = await tx.delete(table.table).where(mine).returning({ userId: first });
      if (deleted.length > 0) counts[table.name] = deleted.length;
    }
    const links = await tx
      .delete(verifications)
      .where(eq(verifications.value, userId))
      .returning({ id: verifications.id });
    if (links.length > 0) counts.verifications = links.length;
    return { counts, photoKeys: photos.flatMap((p) => (p.key ? [p.key] : [])) };
  });
}

export type DeletionResult = {
  subscriptionCancelled: boolean;
  deletedRows: Record<string, number>;
  /** Proof photos the storage could not remove (the rows are gone either way): for the operator's log. */
  photosLeft: number;
  /** His customers Stripe could not delete (his account is gone either way): their ids, for the operator's log. */
  stripeCustomersLeft: string[];
};

/**
 * GDPR Art. 17: the password confirms it, Stripe stops charging, Strava's access is revoked, then everything of his is
 * gone at once, and then his customers at Stripe.
 */
export async function deleteAccount(
  deps: {
    db: Db;
    stripe: Stripe;
    proofStorage: ProofStorage;
    /** Revokes his Strava grant at Strava (issue 56): after the password, before his tokens go with his rows. */
    revokeStrava?: (userId: string) => Promise<void>;
  },
  userId: string,
  password: string,
): Promise<DeletionResult> {
  if (!(await passwordMatches(deps.db, userId, password))) throw new DomainError("account.wrongPassword");
  const subscriptionCancelled = await cancelSubscriptions(deps.db, deps.stripe, userId);
  await deps.revokeStrava?.(userId);
  const customers = await stripeCustomersOf(deps.db, userId);
  const { counts, photoKeys } = await deleteUserRows(deps.db, userId);
  const stripeCustomersLeft = await deleteStripeCustomers(deps.stripe, customers);
  // After the rows: a photo nothing refers to is unreachable, while a row without its photo would be a broken proof.
  const removed = await Promise.allSettled(photoKeys.map((key) => deps.proofStorage.delete(key)));
  const photosLeft = removed.filter((r) => r.status === "rejected").length;
  return { subscriptionCancelled, deletedRows: counts, photosLeft, stripeCustomersLeft };
}
