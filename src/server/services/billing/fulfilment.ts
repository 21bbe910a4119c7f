import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { paymentEvents, profiles, subscriptionPlans, subscriptions } from "#server/db/schema.ts";
import { premiumCondition } from "./premium.ts";

/**
 * The one fulfilment routine (PRODUCT.md "Payments"): the success page, every webhook event and the test checkout
 * all end here. It never trusts the copy of the subscription it was handed: under a lock on the user's profile it
 * reads the subscription from Stripe again and writes that state. So a repeated event, events in any order and a
 * confirm racing the webhook all converge on Stripe's latest word, and one Stripe subscription is one row.
 */

/** Stripe statuses that keep premium until the paid period ends (past_due: Stripe is still retrying the card). */
export const entitledStatuses = ["active", "trialing", "past_due"] as const;

export type BillingDeps = { db: Db; stripe: Stripe };

type Facts = {
  id: string;
  customer: string;
  status: string;
  priceId: string | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  metadataUserId: string | null;
};

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
export const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

function factsOf(subscription: Stripe.Subscription): Facts {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customer: idOf(subscription.customer),
    status: subscription.status,
    priceId: item?.price.id ?? null,
    periodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: fromUnix(subscription.ended_at),
    metadataUserId: subscription.metadata?.userId ?? null,
  };
}

/**
 * Whose subscription this is: the profile that owns the Stripe customer, else the user named in the metadata our
 * checkout wrote — but only if that profile has no other customer, so metadata alone can never move a subscription
 * onto someone else's account.
 */
async function ownerOf(db: Db, facts: Facts): Promise<string | null> {
  const [byCustomer] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.stripeCustomerId, facts.customer));
  if (byCustomer) return byCustomer.id;
  if (!facts.metadataUserId) return null;
  const [byMetadata] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, facts.metadataUserId), isNull(profiles.stripeCustomerId)));
  return byMetadata?.id ?? null;
}

async function alreadyProcessed(db: Pick<Db, "select">, eventId: string | undefined) {
  if (!eventId) return false;
  const [done] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId));
  return Boolean(done);
}

/**
 * Brings the user's premium in line with his subscriptions: premium until the latest paid period end of an entitled
 * subscription, else free. Granting premium clears the token month, so when premium ends the free plan starts over
 * with a full 5 tokens (PRODUCT.md: the monthly top-up resumes). `now` is the app's clock, as for every other
 * comparison with Stripe's period ends (decision 0100).
 */
async function applyEntitlement(tx: Pick<Db, "execute">, userId: string, now: Date) {
  await tx.execute(sql`
    with latest as (
      select max(current_period_end) filter (
               where status in (${sql.join(
                 entitledStatuses.map((s) => sql`${s}`),
                 sql`, `,
               )}) and current_period_end > ${now}::timestamptz) as entitled_until,
             max(coalesce(ended_at, current_period_end)) as last_end
      from subscriptions where user_id = ${userId}
    )
    update profiles set
      subscription_status = case when latest.entitled_until is not null then 'premium' else 'free' end,
      subscription_ends_at = coalesce(latest.entitled_until, latest.last_end, profiles.subscription_ends_at),
      tokens_period = case
        when latest.entitled_until is not null and not ${premiumCondition(now)} then null
        else profiles.tokens_period end,
      updated_at = ${now}::timestamptz
    from latest
    where profiles.id = ${userId}`);
}

export type SyncResult = { userId: string } | { skipped: "unknown customer" | "already processed" };

/**
 * Writes Stripe's current state of one subscription for its owner. `eventId` (a webhook event or a checkout session)
 * is recorded with the change, and an id already recorded changes nothing.
 */
export async function syncSubscription(
  { db, stripe }: BillingDeps,
  subscriptionId: string,
  record: { eventId?: string; kind?: string } = {},
): Promise<SyncResult> {
  if (await alreadyProcessed(db, record.eventId)) return { skipped: "already processed" };
  const userId = await ownerOf(db, factsOf(await stripe.subscriptions.retrieve(subscriptionId)));
  if (!userId) return { skipped: "unknown customer" };

  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from profiles where id = ${userId} for update`);
    const now = new Date();
    if (await alreadyProcessed(tx, record.eventId)) return { skipped: "already processed" as const };
    // Read again under the lock: the last writer always writes what Stripe says now, never an older copy.
    const facts = factsOf(await stripe.subscriptions.retrieve(subscriptionId));
    const [plan] = facts.priceId
      ? await tx
          .select({ id: subscriptionPlans.id })
          .from(subscriptionPlans)
          .where(eq(subscriptionPlans.stripePriceId, facts.priceId))
      : [];
    const row = {
      userId,
      status: facts.status,
      priceId: facts.priceId,
      planId: plan?.id ?? null,
      stripeSubscriptionId: facts.id,
      stripeCustomerId: facts.customer,
      currentPeriodEnd: facts.periodEnd,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      endedAt: facts.endedAt,
    };
    await tx
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: { ...row, updatedAt: now } });
    await tx
      .update(profiles)
      .set({ stripeCustomerId: facts.customer })
      .where(and(eq(profiles.id, userId), isNull(profiles.stripeCustomerId)));
    await applyEntitlement(tx, userId, now);
    if (record.eventId) {
      await tx
        .insert(paymentEvents)
        .values({ id: record.eventId, userId, kind: record.kind ?? "event" })
        .onConflictDoNothing();
    }
    return { userId };
  });
}
