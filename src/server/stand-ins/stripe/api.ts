import { type Context, Hono } from "hono";
import qs from "qs";
import { type LocalStripe, LocalStripeError } from "./local-stripe.ts";

/**
 * Stripe's REST API (the endpoints this app calls) over the local stand-in: form-encoded bodies with Stripe's bracket
 * notation, `expand[]`, Idempotency-Key, and Stripe's error shape, so the real Stripe SDK cannot tell the difference.
 */

type Params = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const record = (value: unknown) =>
  value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};

async function paramsOf(c: Context): Promise<Params> {
  if (c.req.method === "GET" || c.req.method === "DELETE") return qs.parse(new URL(c.req.url).search.slice(1));
  return qs.parse(await c.req.text());
}

function expands(params: Params, field: string) {
  const expand = params.expand;
  return Array.isArray(expand) ? expand.includes(field) : expand === field;
}

export function localStripeApi(stripe: LocalStripe) {
  const app = new Hono();

  app.use(async (c, next) => {
    if (!c.req.header("authorization")?.startsWith("Bearer sk_")) {
      return c.json({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, 401);
    }
    await next();
  });

  app.post("/v1/customers", async (c) => {
    const p = await paramsOf(c);
    const customer = stripe.createCustomer(
      { email: text(p.email), name: text(p.name), metadata: record(p.metadata) },
      c.req.header("idempotency-key"),
    );
    return c.json(customer);
  });

  app.delete("/v1/customers/:id", async (c) => c.json(await stripe.deleteCustomer(c.req.param("id"))));

  app.post("/v1/checkout/sessions", async (c) => {
    const p = await paramsOf(c);
    const items = Array.isArray(p.line_items) ? (p.line_items as Params[]) : [];
    const subscriptionData = (p.subscription_data ?? {}) as Params;
    if (text(p.mode) !== "subscription") throw new LocalStripeError(400, "Only mode=subscription is supported", "");
    const session = stripe.createCheckoutSession(
      {
        customer: text(p.customer),
        client_reference_id: text(p.client_reference_id),
        price: text(items[0]?.price) ?? "",
        success_url: text(p.success_url) ?? "",
        cancel_url: text(p.cancel_url) ?? "",
        metadata: record(p.metadata),
        subscription_metadata: record(subscriptionData.metadata),
      },
      c.req.header("idempotency-key"),
    );
    return c.json(session);
  });

  app.get("/v1/checkout/sessions/:id", async (c) => {
    const session = stripe.checkoutSession(c.req.param("id"));
    const p = await paramsOf(c);
    if (expands(p, "subscription") && session.subscription) {
      return c.json({ ...session, subscription: stripe.subscription(session.subscription) });
    }
    return c.json(session);
  });

  app.get("/v1/subscriptions/:id", (c) => c.json(stripe.subscription(c.req.param("id"))));

  app.post("/v1/subscriptions/:id", async (c) => {
    const p = await paramsOf(c);
    const items = Array.isArray(p.items) ? (p.items as Params[]) : [];
    const cancel = text(p.cancel_at_period_end);
    return c.json(
      await stripe.updateSubscription(c.req.param("id"), {
        cancel_at_period_end: cancel === undefined ? undefined : cancel === "true",
        price: text(items[0]?.price),
      }),
    );
  });

  app.delete("/v1/subscriptions/:id", async (c) => c.json(await stripe.cancelSubscription(c.req.param("id"))));

  app.post("/v1/billing_portal/sessions", async (c) => {
    const p = await paramsOf(c);
    return c.json(
      stripe.createPortalSession({ customer: text(p.customer) ?? "", return_url: text(p.return_url) ?? "" }),
    );
  });

  app.notFound((c) =>
    c.json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${c.req.path})` } }, 404),
  );
  app.onError((error, c) => {
    if (error instanceof LocalStripeError) {
      return c.json(
        { error: { type: "invalid_request_error", code: error.code || undefined, message: error.message } },
        error.status as 400,
      );
    }
    return c.json({ error: { type: "api_error", message: String(error) } }, 500);
  });
  return app;
}
