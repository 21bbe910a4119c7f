import { sql } from "drizzle-orm";
import { plans } from "#shared/billing/plans.ts";
import type { Db } from "./client.ts";
import { subscriptionPlans } from "./schema.ts";

export type PlanPriceIds = { monthly?: string; yearly?: string };

/** The plans of shared/billing/plans.ts, with the Stripe price ids of this deployment. Upserted on every start. */
export async function seedPlans(db: Db, priceIds: PlanPriceIds = {}) {
  const priceIdOf = { month: priceIds.monthly, year: priceIds.yearly, none: undefined };
  const rows = Object.values(plans).map((plan) => ({
    ...plan,
    stripePriceId: priceIdOf[plan.billingInterval] ?? null,
  }));
  await db
    .insert(subscriptionPlans)
    .values(rows)
    .onConflictDoUpdate({
      target: subscriptionPlans.id,
      set: {
        name: sql`excluded.name`,
        price: sql`excluded.price`,
        billingInterval: sql`excluded.billing_interval`,
        isDefault: sql`excluded.is_default`,
        stripePriceId: sql`excluded.stripe_price_id`,
        tokenAllowance: sql`excluded.token_allowance`,
        maxActiveChallenges: sql`excluded.max_active_challenges`,
        maxPartners: sql`excluded.max_partners`,
        features: sql`excluded.features`,
      },
    });
}
