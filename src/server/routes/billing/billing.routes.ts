import { Hono } from "hono";
import type Stripe from "stripe";
import {
  type BillingOverview,
  billingMessages,
  type CheckoutStarted,
  checkoutSchema,
  confirmSchema,
  type PaymentConfirmed,
  type PortalOpened,
} from "../../../shared/billing/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import { validate } from "../../http/validation.ts";
import { confirmCheckout, openPortal, startCheckout } from "../../services/billing/checkout.ts";
import { billingOverview } from "../../services/billing/membership.ts";
import { handleStripeEvent } from "../../services/billing/webhook.ts";

/** Stripe's events are a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/** Premium: the plans page, checkout, the success page's confirmation, the Customer Portal and Stripe's webhook. */
export const billingRoutes = new Hono<AuthedEnv>()
  // Stripe's, not a user's: no session; the signature over the raw body is the authentication.
  .post("/webhook", bodyLimit(WEBHOOK_MAX_BYTES), async (c) => {
    const { billing, database } = c.var.deps;
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(
        raw,
        c.req.header("stripe-signature") ?? "",
        billing.config.webhookSecret,
      );
    } catch {
      return c.json({ error: billingMessages.invalidSignature }, 400);
    }
    const outcome = await handleStripeEvent({ db: database.db, stripe: billing.stripe }, event);
    c.var.log.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
    return c.json({ received: true }, 200);
  })
  .get("/", requireUser, async (c) => {
    const { billing, database } = c.var.deps;
    const overview: BillingOverview = await billingOverview(database.db, c.var.user.id, billing.config.mode === "test");
    return c.json(overview, 200);
  })
  .post("/checkout", requireUser, validate("json", checkoutSchema), async (c) => {
    const { billing, database, env } = c.var.deps;
    const started: CheckoutStarted = await startCheckout(
      { db: database.db, stripe: billing.stripe, appUrl: env.APP_URL },
      c.var.user,
      c.req.valid("json").planId,
    );
    return c.json(started, 200);
  })
  .post("/confirm", requireUser, validate("json", confirmSchema), async (c) => {
    const { billing, database } = c.var.deps;
    const membership = await confirmCheckout(
      { db: database.db, stripe: billing.stripe },
      c.var.user.id,
      c.req.valid("json").sessionId,
    );
    const confirmed: PaymentConfirmed = { success: true, message: billingMessages.success, membership };
    return c.json(confirmed, 200);
  })
  .post("/portal", requireUser, async (c) => {
    const { billing, database, env } = c.var.deps;
    const opened: PortalOpened = await openPortal(
      { db: database.db, stripe: billing.stripe, appUrl: env.APP_URL },
      c.var.user.id,
    );
    return c.json(opened, 200);
  });
