import { Hono } from "hono";
import type Stripe from "stripe";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { bodyLimit } from "#server/http/body-limit.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { confirmCheckout, openPortal, startCheckout } from "#server/services/billing/checkout.ts";
import { billingOverview } from "#server/services/billing/membership.ts";
import { handleStripeEvent } from "#server/services/billing/webhook.ts";
import { DomainError } from "#server/services/domain-error.ts";
import {
  type BillingOverview,
  billingOverviewSchema,
  type CheckoutStarted,
  checkoutSchema,
  checkoutStartedSchema,
  confirmSchema,
  type PaymentConfirmed,
  type PortalOpened,
  paymentConfirmedSchema,
  portalOpenedSchema,
  webhookReceivedSchema,
} from "#shared/billing/contracts.ts";
import { billingMessages } from "#shared/billing/rules.ts";

/** Stripe's events are a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/** Premium: the plans page, checkout, the success page's confirmation, the Customer Portal and Stripe's webhook. */
export const billingRoutes = new Hono<AuthedEnv>()
  // Stripe's, not a user's: no session; the signature over the raw body is the authentication.
  .post(
    "/webhook",
    documented({
      tag: "Premium",
      summary: "Stripe's webhook: the signature over the raw body is the authentication.",
      description: "Stripe's; signature checked on the raw body (400 `Invalid signature`), 200 `{received: true}`.",
      ok: { 200: { description: "`{received: true}`", body: webhookReceivedSchema } },
      errors: ["billing.invalidSignature"],
      public: true,
    }),
    bodyLimit(WEBHOOK_MAX_BYTES),
    async (c) => {
      const { billing, database } = c.get("deps");
      const raw = await c.req.text();
      let event: Stripe.Event;
      try {
        event = billing.stripe.webhooks.constructEvent(
          raw,
          c.req.header("stripe-signature") ?? "",
          billing.config.webhookSecret,
        );
      } catch {
        throw new DomainError("billing.invalidSignature");
      }
      const outcome = await handleStripeEvent({ db: database.db, stripe: billing.stripe }, event);
      c.get("log").info({ event: event.id, type: event.type, outcome }, "stripe webhook");
      return c.json({ received: true }, 200);
    },
  )
  .get(
    "/",
    documented({
      tag: "Premium",
      summary: "The plans and his membership.",
      description:
        "`BillingOverview`: `{plans (by price), membership: {premium, planId, subscriptionStatus, periodEnd, cancelAtPeriodEnd, canManage}, testMode}`",
      ok: { 200: { description: "`BillingOverview`", body: billingOverviewSchema } },
    }),
    requireUser,
    async (c) => {
      const { billing, database } = c.get("deps");
      const overview: BillingOverview = await billingOverview(
        database.db,
        c.get("user").id,
        billing.config.mode === "test",
      );
      return c.json(overview, 200);
    },
  )
  .post(
    "/checkout",
    documented({
      tag: "Premium",
      summary: "A Stripe Checkout Session for a plan, at the server's price.",
      description: `Body \`{planId: premium_monthly\\|premium_yearly}\`. \`{sessionId, url}\` of a Stripe Checkout Session at the server's price; 400 \`${billingMessages.choosePlan}\`, 409 when already premium, 502 \`${billingMessages.checkoutFailed}\`.`,
      ok: { 200: { description: "`CheckoutStarted`: `{sessionId, url}`", body: checkoutStartedSchema } },
      errors: ["billing.alreadyPremium", "billing.checkoutFailed"],
    }),
    requireUser,
    validate("json", checkoutSchema),
    async (c) => {
      const { billing, database, env } = c.get("deps");
      const started: CheckoutStarted = await startCheckout(
        { db: database.db, stripe: billing.stripe, appUrl: env.APP_URL },
        c.get("user"),
        c.req.valid("json").planId,
      );
      return c.json(started, 200);
    },
  )
  .post(
    "/confirm",
    documented({
      tag: "Premium",
      summary: "Confirm a paid Checkout Session (the success page).",
      description: `Body \`{sessionId}\`. \`{success, message, membership}\` after fulfilment; 409 \`${billingMessages.notPaidYet}\`, 404 for an unknown or another user's session, 400 \`${billingMessages.invalidSession}\``,
      ok: {
        200: { description: "`PaymentConfirmed`: `{success, message, membership}`", body: paymentConfirmedSchema },
      },
      errors: ["billing.notPaid", "billing.sessionNotFound", "billing.confirmFailed"],
    }),
    requireUser,
    validate("json", confirmSchema),
    async (c) => {
      const { billing, database } = c.get("deps");
      const membership = await confirmCheckout(
        { db: database.db, stripe: billing.stripe },
        c.get("user").id,
        c.req.valid("json").sessionId,
      );
      const confirmed: PaymentConfirmed = { success: true, message: billingMessages.success, membership };
      return c.json(confirmed, 200);
    },
  )
  .post(
    "/portal",
    documented({
      tag: "Premium",
      summary: "A Stripe Customer Portal link to manage the subscription.",
      description: "`{url}` of the Customer Portal; 409 without a Stripe customer.",
      ok: { 200: { description: "`PortalOpened`: `{url}`", body: portalOpenedSchema } },
      errors: ["billing.noSubscription", "billing.portalFailed"],
    }),
    requireUser,
    async (c) => {
      const { billing, database, env } = c.get("deps");
      const opened: PortalOpened = await openPortal(
        { db: database.db, stripe: billing.stripe, appUrl: env.APP_URL },
        c.get("user").id,
      );
      return c.json(opened, 200);
    },
  );
