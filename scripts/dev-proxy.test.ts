import { describe, expect, it } from "vitest";
import config from "../vite.config.ts";

/** Vite's rule for a proxy key: a key starting with ^ is a pattern, any other a path prefix. */
function proxied(path: string) {
  const keys = Object.keys(config.server?.proxy ?? {});
  return keys.some((key) => (key.startsWith("^") ? new RegExp(key).test(path) : path.startsWith(key)));
}

describe("npm run dev: Vite passes on to the API server every page it serves itself", () => {
  it("issue 53 row 14: the test checkout and portal pages the Premium page leads to, not the app's 404", () => {
    expect(proxied("/api/billing/overview")).toBe(true);
    // The local Stripe stand-in's checkout (Premium's "Continue to payment") and portal ("Manage subscription").
    expect(proxied("/test-checkout/cs_test_1")).toBe(true);
    expect(proxied("/test-checkout/cs_test_1/pay")).toBe(true);
    expect(proxied("/test-portal/bps_test_1")).toBe(true);
    expect(proxied("/dashboard/premium")).toBe(false);
  });
});
