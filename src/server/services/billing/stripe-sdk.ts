import { createRequire } from "node:module";
import type Stripe from "stripe";

const load = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;

/**
 * Stripe's SDK, loaded when first used rather than at start (issue 58, decision 0173): it holds ~19 MB of the server's
 * memory, and only a payment, a webhook or a deletion with a subscription needs it.
 */
export function stripeSdk(): typeof Stripe {
  sdk ??= load("stripe") as typeof Stripe;
  return sdk;
}
