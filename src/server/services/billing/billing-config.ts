import { randomBytes } from "node:crypto";
import type { Env } from "#server/env.ts";
import type { LocalPrice } from "#server/stand-ins/stripe/store.ts";
import { type PaidPlanId, plans } from "#shared/billing/plans.ts";

/**
 * How this deployment takes payments. `stripe`: the real Stripe API (or, in tests, a fake one at STRIPE_API_BASE).
 * `test`: no Stripe keys, so the local stand-in (src/server/stand-ins/stripe) plays Stripe in-process and checkout is our own
 * "Test mode — no real payment" page. env.ts refuses production without the Stripe settings, so `test` never
 * runs in production.
 */
export type BillingConfig = {
  mode: "stripe" | "test";
  secretKey: string;
  webhookSecret: string;
  /** Stripe price id of each paid plan; written into subscription_plans.stripe_price_id by the seed. */
  prices: Record<PaidPlanId, string>;
  /** STRIPE_API_BASE: where the Stripe SDK sends its requests instead of api.stripe.com (tests' fake server). */
  apiBase?: URL;
};

export const localPriceIds: Record<PaidPlanId, string> = {
  premium_monthly: "price_local_premium_monthly",
  premium_yearly: "price_local_premium_yearly",
};

export function billingConfigFrom(env: Env): BillingConfig {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_YEARLY) {
    return {
      mode: "stripe",
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      prices: { premium_monthly: env.STRIPE_PRICE_MONTHLY, premium_yearly: env.STRIPE_PRICE_YEARLY },
      apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
    };
  }
  return {
    mode: "test",
    secretKey: "sk_test_local_stand_in",
    // Only this process signs and checks the stand-in's webhooks, so a fresh secret per start is enough.
    webhookSecret: `whsec_local_${randomBytes(24).toString("hex")}`,
    prices: localPriceIds,
  };
}

/** The paid plans as Stripe prices (amount in cents), for the stand-in that plays Stripe. */
export function priceCatalog(prices: Record<PaidPlanId, string>): LocalPrice[] {
  return (["premium_monthly", "premium_yearly"] as const).map((id) => {
    const plan = plans[id];
    return {
      id: prices[id],
      unitAmount: Math.round(plan.price * 100),
      interval: plan.billingInterval === "year" ? "year" : "month",
      productName: plan.name,
    };
  });
}
