import { z } from "zod";
import { answer } from "../answer.ts";
import { userText } from "../text.ts";
import { billingIntervals, paidPlanIds, planIds } from "./plans.ts";
import { billingMessages } from "./rules.ts";

/** Premium billing: the requests and answers of /api/billing (SPEC.md sections 2, 4, 7, 8; PRODUCT.md "Payments"). */

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

/** A plan as the premium page shows it: `Plan` (plans.ts) without what only the server uses. */
const planViewSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  /** Euros per billing interval. */
  price: z.number(),
  billingInterval: z.enum(billingIntervals),
  /** Tokens per calendar month, or UNLIMITED_TOKENS (-1). */
  tokenAllowance: z.number(),
  maxActiveChallenges: z.number(),
  features: z.array(z.string()),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** What the user has right now. `premium` is SPEC section 6's rule: status not free and the end date not passed. */
const membershipSchema = z.object({
  premium: z.boolean(),
  /** The plan that governs him: `free`, or the plan of his subscription. */
  planId: z.enum(planIds),
  /** Stripe's status of his latest subscription (active, past_due, canceled, …), null if he never subscribed. */
  subscriptionStatus: z.string().nullable(),
  /** ISO date the paid period ends: the renewal date, or the last day of premium when cancelling. */
  periodEnd: z.string().nullable(),
  /** True when the subscription stops at `periodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** He has a Stripe customer, so the Customer Portal can open (cancel, switch plan, invoices). */
  canManage: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** GET /api/billing: everything the premium page shows, in one request. Plans are ordered by price. */
export const billingOverviewSchema = answer(
  z.object({
    plans: z.array(planViewSchema),
    membership: membershipSchema,
    /** No Stripe keys: checkout is the local test page ("Test mode — no real payment"). */
    testMode: z.boolean(),
  }),
);
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** POST /api/billing/checkout: the hosted checkout the browser goes to. */
export const checkoutStartedSchema = answer(z.object({ sessionId: z.string(), url: z.string() }));
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** POST /api/billing/confirm (SPEC's handle-payment-success). */
export const paymentConfirmedSchema = answer(
  z.object({
    success: z.literal(true),
    message: z.string(),
    membership: membershipSchema,
  }),
);
export type PaymentConfirmed = z.infer<typeof paymentConfirmedSchema>;

/** POST /api/billing/portal: Stripe's Customer Portal, returning to /dashboard/premium. */
export const portalOpenedSchema = answer(z.object({ url: z.string() }));
export type PortalOpened = z.infer<typeof portalOpenedSchema>;

/** POST /api/billing/webhook: Stripe's event was read. */
export const webhookReceivedSchema = answer(z.object({ received: z.literal(true) }));
