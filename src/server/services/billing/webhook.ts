import type Stripe from "stripe";
import { type BillingDeps, idOf, type SyncResult, syncSubscription } from "./fulfilment.ts";

/** The subscription an event is about, for the events that can change premium; null for any other event. */
function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return session.mode === "subscription" && session.subscription ? idOf(session.subscription) : null;
    }
    case "invoice.paid": {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      return subscription ? idOf(subscription) : null;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    default:
      return null;
  }
}

/** A verified Stripe event: the routine the success page uses, keyed by the event id so a repeat changes nothing. */
export async function handleStripeEvent(
  deps: BillingDeps,
  event: Stripe.Event,
): Promise<SyncResult | { ignored: string }> {
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return { ignored: event.type };
  return syncSubscription(deps, subscriptionId, { eventId: event.id, kind: event.type });
}
