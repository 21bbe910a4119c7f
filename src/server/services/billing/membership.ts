import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles, subscriptionPlans, subscriptions } from "#server/db/schema.ts";
import type { BillingOverview, Membership } from "#shared/billing/contracts.ts";
import type { PlanId } from "#shared/billing/plans.ts";
import { entitledStatuses } from "./fulfilment.ts";
import { memberPlan } from "./member-plan.ts";

/** What the premium page and the success screen show about the user's own plan. */
export async function readMembership(db: Db, userId: string): Promise<Membership> {
  const { premium, plan } = await memberPlan(db, userId);
  const [profile] = await db
    .select({ customer: profiles.stripeCustomerId, endsAt: profiles.subscriptionEndsAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const entitled = sql.join(
    entitledStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const [latest] = await db
    .select({
      status: subscriptions.status,
      periodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(
      desc(sql`${subscriptions.status} in (${entitled})`),
      sql`${subscriptions.currentPeriodEnd} desc nulls last`,
    )
    .limit(1);
  const periodEnd = premium ? (latest?.periodEnd ?? profile?.endsAt ?? null) : null;
  return {
    premium,
    planId: plan.id as PlanId,
    subscriptionStatus: latest?.status ?? null,
    periodEnd: periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: premium && (latest?.cancelAtPeriodEnd ?? false),
    canManage: Boolean(profile?.customer),
  };
}

/** GET /api/billing: the plans by price and the user's membership, in one answer. */
export async function billingOverview(db: Db, userId: string, testMode: boolean): Promise<BillingOverview> {
  const rows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.price));
  return {
    plans: rows.map((p) => ({
      id: p.id as PlanId,
      name: p.name,
      price: p.price,
      billingInterval: p.billingInterval,
      tokenAllowance: p.tokenAllowance,
      maxActiveChallenges: p.maxActiveChallenges,
      features: p.features,
    })),
    membership: await readMembership(db, userId),
    testMode,
  };
}
