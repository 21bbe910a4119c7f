import { stripeSdk } from "#server/services/billing/stripe-sdk.ts";
import {
  createStore,
  type LocalCheckoutSession,
  type LocalPrice,
  type LocalSubscription,
  newId,
  periodEnd,
  unixNow,
} from "./store.ts";

/**
 * A stand-in for the part of Stripe this app uses: customers, Checkout Sessions in subscription mode, subscriptions,
 * the Customer Portal and signed webhook events. Without Stripe keys it plays Stripe in-process (PRODUCT.md's local
 * test checkout), and the tests serve the same object over HTTP as a fake Stripe API. The app's billing code talks to
 * it through the real Stripe SDK either way, so the paths a real payment takes are the paths exercised here.
 */

type Event = { id: string; object: "event"; type: string; created: number; livemode: false; data: { object: unknown } };

export type LocalStripeOptions = {
  /** Where the browser reaches the stand-in's pages: checkout and portal URLs start with this. */
  pagesBaseUrl: string;
  prices: LocalPrice[];
  webhookSecret: string;
  /** JSON file that keeps the state across restarts (development); in memory without one. */
  file?: string;
  /** Receives each signed event, as Stripe would POST it to the webhook endpoint. Awaited in order. */
  deliver?: (payload: string, signatureHeader: string) => Promise<void>;
};

export class LocalStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "resource_missing",
  ) {
    super(message);
  }
}

export function createLocalStripe(options: LocalStripeOptions) {
  const store = createStore(options.file);
  const { state } = store;
  const events: Event[] = [];
  let deliver = options.deliver;

  const priceOf = (id: string) => {
    const price = options.prices.find((p) => p.id === id);
    if (!price) throw new LocalStripeError(400, `No such price: '${id}'`);
    return price;
  };

  function find<T>(table: Record<string, T>, id: string, what: string): T {
    const row = Object.hasOwn(table, id) ? table[id] : undefined;
    if (!row) throw new LocalStripeError(404, `No such ${what}: '${id}'`);
    return row;
  }

  /** Signs and hands over an event; the signature is Stripe's scheme (t=…,v1=HMAC-SHA256). */
  async function emit(type: string, object: unknown) {
    const event: Event = {
      id: newId("evt"),
      object: "event",
      type,
      created: unixNow(),
      livemode: false,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    if (!deliver) return;
    const payload = JSON.stringify(event);
    await deliver(payload, stripeSdk().webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret }));
  }

  /** Replays the first answer of a request made again with the same Idempotency-Key. */
  function once<T extends { id: string }>(key: string | undefined, table: Record<string, T>, create: () => T): T {
    const earlier = key ? state.idempotency[key] : undefined;
    if (earlier && table[earlier]) return table[earlier];
    const created = create();
    table[created.id] = created;
    if (key) state.idempotency[key] = created.id;
    store.save();
    return created;
  }

  function invoice(subscription: LocalSubscription) {
    const item = subscription.items.data[0];
    return {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: "paid",
      amount_paid: item?.price.unit_amount ?? 0,
      currency: "eur",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  return {
    events,
    webhookSecret: options.webhookSecret,
    /** Set later when the receiver (the app) exists only after the stand-in. */
    setDelivery(fn: LocalStripeOptions["deliver"]) {
      deliver = fn;
    },

    createCustomer(params: { email?: string; name?: string; metadata?: Record<string, string> }, key?: string) {
      return once(key, state.customers, () => ({
        id: newId("cus"),
        object: "customer" as const,
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
      }));
    },

    createCheckoutSession(
      params: {
        customer?: string;
        client_reference_id?: string;
        price: string;
        success_url: string;
        cancel_url: string;
        metadata?: Record<string, string>;
        subscription_metadata?: Record<string, string>;
      },
      key?: string,
    ) {
      priceOf(params.price);
      if (params.customer) find(state.customers, params.customer, "customer");
      return once(key, state.sessions, () => {
        const id = newId("cs_test");
        return {
          id,
          object: "checkout.session" as const,
          mode: "subscription" as const,
          status: "open" as const,
          payment_status: "unpaid" as const,
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          metadata: params.metadata ?? {},
          subscription_metadata: params.subscription_metadata ?? {},
          subscription: null,
          price: params.price,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `${options.pagesBaseUrl}/test-checkout/${id}`,
          created: unixNow(),
        };
      });
    },

    /** The first price billed every `interval`: the plan a switch in the portal moves to. */
    priceFor: (interval: LocalPrice["interval"]) => options.prices.find((p) => p.interval === interval),
    checkoutSession: (id: string) => find(state.sessions, id, "checkout.session"),
    subscription: (id: string) => find(state.subscriptions, id, "subscription"),
    priceOf,

    /** The customer pays: the session completes, a subscription starts, and Stripe's three events go out. */
    async pay(sessionId: string, now = new Date()) {
      const session: LocalCheckoutSession = find(state.sessions, sessionId, "checkout.session");
      if (session.status !== "open") return session;
      const price = priceOf(session.price);
      const customer = session.customer ?? this.createCustomer({}).id;
      const start = unixNow(now);
      const subscription: LocalSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer,
        status: "active",
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        created: start,
        metadata: session.subscription_metadata,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd(start, price.interval),
              price: {
                id: price.id,
                object: "price",
                unit_amount: price.unitAmount,
                currency: "eur",
                recurring: { interval: price.interval },
              },
            },
          ],
        },
      };
      state.subscriptions[subscription.id] = subscription;
      Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: subscription.id });
      store.save();
      await emit("customer.subscription.created", subscription);
      await emit("checkout.session.completed", session);
      await emit("invoice.paid", invoice(subscription));
      return session;
    },

    /** The customer leaves checkout without paying. */
    expire(sessionId: string) {
      const session = find(state.sessions, sessionId, "checkout.session");
      if (session.status === "open") session.status = "expired";
      store.save();
      return session;
    },

    /** POST /v1/subscriptions/:id: cancel at period end (or undo it), or move to another price. */
    async updateSubscription(id: string, params: { cancel_at_period_end?: boolean; price?: string }) {
      const subscription = find(state.subscriptions, id, "subscription");
      if (subscription.status === "canceled") throw new LocalStripeError(400, "This subscription is canceled.", "");
      if (params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end;
        subscription.canceled_at = params.cancel_at_period_end ? unixNow() : null;
      }
      const item = subscription.items.data[0];
      if (params.price && item) {
        const price = priceOf(params.price);
        item.price = {
          ...item.price,
          id: price.id,
          unit_amount: price.unitAmount,
          recurring: { interval: price.interval },
        };
      }
      store.save();
      await emit("customer.subscription.updated", subscription);
      return subscription;
    },

    /** DELETE /v1/subscriptions/:id: ends it now. */
    async cancelSubscription(id: string, now = new Date()) {
      const subscription = find(state.subscriptions, id, "subscription");
      if (subscription.status === "canceled") return subscription;
      Object.assign(subscription, { status: "canceled", ended_at: unixNow(now), canceled_at: unixNow(now) });
      store.save();
      await emit("customer.subscription.deleted", subscription);
      return subscription;
    },

    /**
     * Time passes to the end of the paid period: a cancelled subscription ends (customer.subscription.deleted), any
     * other renews for one more interval and is paid (customer.subscription.updated, invoice.paid).
     */
    async endPeriod(id: string) {
      const subscription = find(state.subscriptions, id, "subscription");
      const item = subscription.items.data[0];
      if (!item || subscription.status === "canceled") return subscription;
      const end = item.current_period_end;
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: "canceled", ended_at: end });
        store.save();
        await emit("customer.subscription.deleted", subscription);
        return subscription;
      }
      item.current_period_start = end;
      item.current_period_end = periodEnd(end, String(item.price.recurring.interval));
      store.save();
      await emit("customer.subscription.updated", subscription);
      await emit("invoice.paid", invoice(subscription));
      return subscription;
    },

    /**
     * DELETE /v1/customers/:id: as Stripe does, his subscriptions that still run end now (customer.subscription.deleted)
     * and the customer is gone with what it held (customer.deleted); deleted already, or never there, is a 404.
     */
    async deleteCustomer(id: string, now = new Date()) {
      const customer = find(state.customers, id, "customer");
      for (const subscription of Object.values(state.subscriptions)) {
        if (subscription.customer === id && subscription.status !== "canceled") {
          await this.cancelSubscription(subscription.id, now);
        }
      }
      delete state.customers[id];
      store.save();
      await emit("customer.deleted", customer);
      return { id, object: "customer" as const, deleted: true as const };
    },

    /** Every customer the stand-in holds: what a test reads to see what Stripe keeps. */
    customers: () => Object.values(state.customers),

    createPortalSession(params: { customer: string; return_url: string }) {
      find(state.customers, params.customer, "customer");
      return once(undefined, state.portals, () => {
        const id = newId("bps");
        return {
          id,
          object: "billing_portal.session" as const,
          customer: params.customer,
          return_url: params.return_url,
          url: `${options.pagesBaseUrl}/test-portal/${id}`,
        };
      });
    },

    portalSession: (id: string) => find(state.portals, id, "billing_portal.session"),

    /** The customer's subscriptions, newest first: what the portal page shows. */
    subscriptionsOf(customer: string) {
      return Object.values(state.subscriptions)
        .filter((s) => s.customer === customer)
        .sort((a, b) => b.created - a.created);
    },
  };
}

export type LocalStripe = ReturnType<typeof createLocalStripe>;
