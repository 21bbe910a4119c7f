import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { subscriptionPlans, subscriptions } from "#server/db/schema.ts";
import { plans } from "#shared/billing/plans.ts";
import { entitledStatuses } from "./fulfilment.ts";
import { isPremium } from "./premium.ts";

/**
 * The subscription_plans row that governs a user, read where the seed wrote shared/billing/plans.ts: the free row for
 * free users; for premium users the plan of their current subscription, or the monthly premium row when premium comes
 * from the profile alone (a status or an unlimited balance set by hand).
 */
export async function memberPlan(db: Pick<Db, "select" | "execute">, userId: string, now: Date = new Date()) {
  const premium = await isPremium(db, userId, now);
  let planId: string = plans.free.id;
  if (premium) {
    const [subscription] = await db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, [...entitledStatuses]),
          isNotNull(subscriptions.planId),
        ),
      )
      .orderBy(sql`${subscriptions.currentPeriodEnd} desc nulls last`)
      .limit(1);
    planId = subscription?.planId ?? plans.premium_monthly.id;
  }
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  if (!plan) throw new Error(`subscription plan "${planId}" is missing: the plans were not seeded`);
  return { premium, plan };
}
