import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { localPriceIds, priceCatalog } from "#server/services/billing/billing-config.ts";
import { localStripeApi } from "#server/stand-ins/stripe/api.ts";
import { createLocalStripe } from "#server/stand-ins/stripe/local-stripe.ts";

/**
 * A fake Stripe API on 127.0.0.1 for server tests: the app's Stripe SDK reaches it through STRIPE_API_BASE (the SDK's
 * host/port/protocol options). Its webhook events are kept, not delivered, so a test decides when, how often and in
 * which order Stripe "sends" them.
 */
export async function startFakeStripe() {
  const webhookSecret = "whsec_fake_for_tests";
  const stripe = createLocalStripe({
    pagesBaseUrl: "http://127.0.0.1:9/fake-stripe",
    prices: priceCatalog(localPriceIds),
    webhookSecret,
  });
  const app = localStripeApi(stripe);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    stripe,
    /** The settings that point the app at this fake. */
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: localPriceIds.premium_monthly,
      STRIPE_PRICE_YEARLY: localPriceIds.premium_yearly,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
