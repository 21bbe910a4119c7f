import type { Deps } from "#server/context.ts";
import { confirmCheckout, startCheckout } from "#server/services/billing/checkout.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";

/**
 * A premium member (decision 0174): he starts a checkout, pays it at the local Stripe stand-in, and the return page's
 * confirmation fulfils it, through the billing services as the premium page and Stripe's checkout do it. Needs the
 * stand-in (no Stripe keys), as the browser tests' server and the default test app run.
 */
export async function buildPremium(
  deps: Deps,
  member: { id: string; email: string; firstName: string },
  planId: PaidPlanId = "premium_monthly",
) {
  const { billing, database, env } = deps;
  if (!billing.local) throw new Error("buildPremium pays at the local Stripe stand-in; this app talks to a Stripe");
  const checkout = await startCheckout(
    { db: database.db, stripe: billing.stripe, appUrl: env.APP_URL },
    member,
    planId,
  );
  await billing.local.pay(checkout.sessionId);
  return confirmCheckout({ db: database.db, stripe: billing.stripe }, member.id, checkout.sessionId);
}
