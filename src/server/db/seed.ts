import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { subscriptionPlans } from "./schema.ts";

export type PlanPriceIds = { monthly?: string; yearly?: string };

/** The three plans of PRODUCT.md. Safe to run on every start: rows are upserted. */
export async function seedPlans(db: Db, priceIds: PlanPriceIds = {}) {
  const plans = [
    {
      id: "free",
      name: "Free",
      price: 0,
      billingInterval: "none" as const,
      isDefault: true,
      stripePriceId: null,
      tokenAllowance: 5,
      maxActiveChallenges: 1,
      features: ["1 active challenge", "5 tokens per month", "Progress tracking", "Community feed preview"],
    },
    {
      id: "premium_monthly",
      name: "Premium Monthly",
      price: 12,
      billingInterval: "month" as const,
      isDefault: false,
      stripePriceId: priceIds.monthly ?? null,
      tokenAllowance: -1,
      maxActiveChallenges: 3,
      features: [
        "Up to 3 active challenges",
        "Unlimited tokens",
        "Unlimited quiz retakes",
        "Early access to new features",
      ],
    },
    {
      id: "premium_yearly",
      name: "Premium Yearly",
      price: 115.2,
      billingInterval: "year" as const,
      isDefault: false,
      stripePriceId: priceIds.yearly ?? null,
      tokenAllowance: -1,
      maxActiveChallenges: 3,
      features: [
        "Everything in Premium Monthly",
        "20% off the monthly price",
        "Unlimited quiz retakes",
        "Early access to new features",
      ],
    },
  ];
  await db
    .insert(subscriptionPlans)
    .values(plans)
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
        features: sql`excluded.features`,
      },
    });
}
