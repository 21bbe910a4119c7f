import { z } from "zod";
import { userText } from "../text.ts";
import type { Plan, PlanId } from "./plans.ts";

/** Premium billing: the requests and answers of /api/billing (SPEC.md sections 2, 4, 7, 8; PRODUCT.md "Payments"). */

export const billingMessages = {
  notAuthenticated: "User not authenticated. Please log in again.",
  checkoutFailed: "Failed to create checkout session",
  plansFailed: "Failed to fetch subscription plans",
  paymentFailed: "Failed to process payment completion",
  verificationFailed: "Payment verification failed",
  processing: "Payment is being processed. This may take a few moments...",
  slow: "Payment processing is taking longer than expected. Please check your subscription status in a few minutes or contact support.",
  invalidSession: "Invalid payment session. Please try again.",
  choosePlan: "Please choose a plan",
  alreadyPremium: "You already have Premium. Manage your subscription on the premium page.",
  notPaidYet: "Your payment has not been completed yet.",
  sessionNotFound: "This payment session was not found.",
  noSubscription: "You have no subscription to manage yet.",
  portalFailed: "Could not open subscription management. Please try again.",
  success: "Payment successful! Welcome to Premium.",
  invalidSignature: "Invalid signature",
} as const;

export const paidPlanIds = ["premium_monthly", "premium_yearly"] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

/** POST /api/billing/checkout: the plan only; the price is the server's. */
export const checkoutSchema = z.object({
  planId: z.enum(paidPlanIds, { error: billingMessages.choosePlan }),
});

/** POST /api/billing/confirm: the session id Stripe put into the success URL. */
export const confirmSchema = z.object({
  sessionId: userText({
    max: 255,
    messages: {
      required: billingMessages.invalidSession,
      tooLong: billingMessages.invalidSession,
      invalid: billingMessages.invalidSession,
    },
  }),
});

export type PlanView = Pick<
  Plan,
  "id" | "name" | "price" | "billingInterval" | "tokenAllowance" | "maxActiveChallenges" | "features"
>;

/** What the user has right now. `premium` is SPEC section 6's rule: status not free and the end date not passed. */
export type Membership = {
  premium: boolean;
  /** The plan that governs him: `free`, or the plan of his subscription. */
  planId: PlanId;
  /** Stripe's status of his latest subscription (active, past_due, canceled, …), null if he never subscribed. */
  subscriptionStatus: string | null;
  /** ISO date the paid period ends: the renewal date, or the last day of premium when cancelling. */
  periodEnd: string | null;
  /** True when the subscription stops at `periodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** He has a Stripe customer, so the Customer Portal can open (cancel, switch plan, invoices). */
  canManage: boolean;
};

/** GET /api/billing: everything the premium page shows, in one request. Plans are ordered by price. */
export type BillingOverview = {
  plans: PlanView[];
  membership: Membership;
  /** No Stripe keys: checkout is the local test page ("Test mode — no real payment"). */
  testMode: boolean;
};

/** POST /api/billing/checkout: the hosted checkout the browser goes to. */
export type CheckoutStarted = { sessionId: string; url: string };

/** POST /api/billing/confirm (SPEC's handle-payment-success). */
export type PaymentConfirmed = { success: true; message: string; membership: Membership };

/** POST /api/billing/portal: Stripe's Customer Portal, returning to /dashboard/premium. */
export type PortalOpened = { url: string };
