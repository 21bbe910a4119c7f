import { resolve } from "node:path";
import type Stripe from "stripe";
import type { Env } from "#server/env.ts";
import { localStripeApi } from "#server/stand-ins/stripe/api.ts";
import { createLocalStripe, type LocalStripe } from "#server/stand-ins/stripe/local-stripe.ts";
import { type BillingConfig, billingConfigFrom, priceCatalog } from "./billing-config.ts";
import { stripeSdk } from "./stripe-sdk.ts";

/** What the billing services and routes use: the configuration, the Stripe SDK, and the stand-in in test mode. */
export type Billing = { config: BillingConfig; stripe: Stripe; local: LocalStripe | null };

const sdkDefaults = { telemetry: false, timeout: 20_000 } as const;

/**
 * The Stripe SDK of this deployment. With keys it talks to Stripe (or to STRIPE_API_BASE, the tests' fake server);
 * without, to the local stand-in in-process, through the SDK's fetch client: the same SDK calls either way. Made at
 * its first use (`stripeSdk`).
 */
export function createBilling(env: Env): Billing {
  const config = billingConfigFrom(env);
  let client: Stripe | undefined;
  if (config.mode === "stripe") {
    const base = config.apiBase;
    const make = () => {
      const Sdk = stripeSdk();
      return base
        ? new Sdk(config.secretKey, {
            ...sdkDefaults,
            maxNetworkRetries: 0,
            host: base.hostname,
            port: base.port,
            protocol: base.protocol === "http:" ? "http" : "https",
          })
        : new Sdk(config.secretKey, { ...sdkDefaults, maxNetworkRetries: 2 });
    };
    return {
      config,
      get stripe() {
        client ??= make();
        return client;
      },
      local: null,
    };
  }
  const local = createLocalStripe({
    pagesBaseUrl: env.APP_URL,
    webhookSecret: config.webhookSecret,
    prices: priceCatalog(config.prices),
    file: resolve(env.DATA_DIR, "test-stripe.json"),
  });
  const api = localStripeApi(local);
  const make = () => {
    const Sdk = stripeSdk();
    return new Sdk(config.secretKey, {
      ...sdkDefaults,
      maxNetworkRetries: 0,
      httpClient: Sdk.createFetchHttpClient((input, init) => Promise.resolve(api.fetch(new Request(input, init)))),
    });
  };
  return {
    config,
    get stripe() {
      client ??= make();
      return client;
    },
    local,
  };
}
