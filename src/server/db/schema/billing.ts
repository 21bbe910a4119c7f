import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { billingIntervals, UNLIMITED_TOKENS } from "#shared/billing/plans.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

// Billing: plans, subscriptions and the payment events already fulfilled (Stripe).

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    billingInterval: text("billing_interval", { enum: billingIntervals }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    stripePriceId: text("stripe_price_id"),
    tokenAllowance: integer("token_allowance").notNull(),
    maxActiveChallenges: integer("max_active_challenges").notNull(),
    /** Accountability partners at once (issue 25); the default is the free plan's, for rows seeded before it. */
    maxPartners: integer("max_partners").notNull().default(1),
    features: jsonb("features").$type<string[]>().notNull().default([]),
  },
  (t) => [
    check("subscription_plans_interval_check", oneOf(t.billingInterval, billingIntervals)),
    check("subscription_plans_price_check", sql`${t.price} >= 0`),
    check("subscription_plans_tokens_check", sql`${t.tokenAllowance} >= ${sql.raw(String(UNLIMITED_TOKENS))}`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    planId: text("plan_id").references(() => subscriptionPlans.id),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Stripe's flag: the subscription stops at current_period_end instead of renewing. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** When Stripe ended it (cancelled now, or at the end of a cancelled period). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId, t.status), index("subscriptions_plan_idx").on(t.planId)],
);

/** Checkout sessions and webhook events already fulfilled, so a repeat changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_user_idx").on(t.userId)],
);
