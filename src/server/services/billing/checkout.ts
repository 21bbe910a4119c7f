import { eq } from "drizzle-orm";
import { profiles, subscriptionPlans } from "#server/db/schema.ts";
import type { Membership } from "#shared/billing/contracts.ts";
import type { PaidPlanId } from "#shared/billing/plans.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { DomainError, type DomainErrorCode } from "../domain-error.ts";
import { type BillingDeps, idOf, syncSubscription } from "./fulfilment.ts";
import { readMembership } from "./membership.ts";
import { isPremium } from "./premium.ts";
import { stripeSdk } from "./stripe-sdk.ts";

type Customer = { id: string; email: string; firstName: string };
type CheckoutDeps = BillingDeps & { appUrl: string };

/** Stripe said no, or could not be reached: the user sees this step's message, the operator the log. */
async function viaStripe<T>(failure: DomainErrorCode, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(failure, {}, { cause: error });
  }
}

/**
 * The user's one Stripe customer: created once and kept on the profile. Two concurrent first checkouts share the
 * same idempotency key, so Stripe creates a single customer, and the conditional update keeps the first one stored.
 */
async function ensureCustomer({ db, stripe }: BillingDeps, user: Customer): Promise<string> {
  const [profile] = await db
    .select({ customer: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  if (profile?.customer) return profile.customer;
  const customer = await stripe.customers.create(
    { email: user.email, name: user.firstName || undefined, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  const [stored] = await db
    .update(profiles)
    .set({ stripeCustomerId: customer.id })
    .where(eq(profiles.id, user.id))
    .returning({ customer: profiles.stripeCustomerId });
  return stored?.customer ?? customer.id;
}

/** SPEC's create-checkout-session: a hosted Checkout Session in subscription mode at the server's price. */
export async function startCheckout(deps: CheckoutDeps, user: Customer, planId: PaidPlanId) {
  if (await isPremium(deps.db, user.id)) throw new DomainError("billing.alreadyPremium");
  const [plan] = await deps.db
    .select({ priceId: subscriptionPlans.stripePriceId })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId));
  if (!plan?.priceId) throw new DomainError("billing.checkoutFailed");
  const priceId = plan.priceId;
  return viaStripe("billing.checkoutFailed", async () => {
    const customer = await ensureCustomer(deps, user);
    const session = await deps.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price: priceId, quantity: 1 }],
      metadata: { userId: user.id, planId },
      subscription_data: { metadata: { userId: user.id, planId } },
      // Stripe fills {CHECKOUT_SESSION_ID} in; the braces must reach it unescaped.
      success_url: `${deps.appUrl}${paths.paymentSuccess}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.appUrl}${dashboardSectionPath("premium")}`,
    });
    if (!session.url) throw new DomainError("billing.checkoutFailed");
    return { sessionId: session.id, url: session.url };
  });
}

const sessionIdPattern = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * SPEC's handle-payment-success. The session must be this user's (another user's is simply not found) and paid;
 * then the same routine as the webhook fulfils it.
 */
export async function confirmCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<Membership> {
  if (!sessionIdPattern.test(sessionId)) throw new DomainError("billing.sessionNotFound");
  const session = await deps.stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
    if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.statusCode === 404) {
      throw new DomainError("billing.sessionNotFound");
    }
    throw new DomainError("billing.confirmFailed", {}, { cause: error });
  });
  if (session.client_reference_id !== userId) throw new DomainError("billing.sessionNotFound");
  if (session.status !== "complete" || !session.subscription) throw new DomainError("billing.notPaid");
  const subscriptionId = idOf(session.subscription);
  await viaStripe("billing.confirmFailed", () =>
    syncSubscription(deps, subscriptionId, { eventId: session.id, kind: "checkout.session" }),
  );
  return readMembership(deps.db, userId);
}

/** Stripe's Customer Portal (cancel at period end, switch plan, invoices), returning to the premium page. */
export async function openPortal(deps: CheckoutDeps, userId: string) {
  const [profile] = await deps.db
    .select({ customer: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const customer = profile?.customer;
  if (!customer) throw new DomainError("billing.noSubscription");
  return viaStripe("billing.portalFailed", async () => {
    const portal = await deps.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${deps.appUrl}${dashboardSectionPath("premium")}`,
    });
    return { url: portal.url };
  });
}
