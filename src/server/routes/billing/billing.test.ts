import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents, profiles, subscriptions } from "#server/db/schema.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { type FakeStripe, startFakeStripe } from "#tests/support/fake-stripe.ts";
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp, type TestUser } from "#tests/support/test-app.ts";

const DAY = 86_400_000;

describe("billing against a fake Stripe API", () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fake.env);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function checkout(user: TestUser, planId: "premium_monthly" | "premium_yearly" = "premium_monthly") {
    const response = await user.api.billing.checkout.$post({ json: { planId } });
    expect(response.status).toBe(200);
    return response.json();
  }

  const confirm = (user: TestUser, sessionId: string) => user.api.billing.confirm.$post({ json: { sessionId } });
  const overview = async (user: TestUser) => (await user.api.billing.$get()).json();

  /** Stripe POSTing one event to the webhook, signed with the endpoint's secret unless told otherwise. */
  function post(event: unknown, signature?: string) {
    const payload = JSON.stringify(event);
    const header =
      signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.env.STRIPE_WEBHOOK_SECRET });
    return t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
  }

  /** The events the fake emitted about one checkout's subscription, oldest first. */
  function eventsOf(subscriptionId: string, type?: string) {
    return fake.stripe.events.filter((e) => {
      const object = e.data.object as {
        id?: string;
        subscription?: string;
        parent?: { subscription_details?: { subscription?: string } };
      };
      const about =
        object.id === subscriptionId ||
        object.subscription === subscriptionId ||
        object.parent?.subscription_details?.subscription === subscriptionId;
      return about && (!type || e.type === type);
    });
  }

  async function paidCheckout(user: TestUser, planId?: "premium_monthly" | "premium_yearly") {
    const { sessionId } = await checkout(user, planId);
    const session = await fake.stripe.pay(sessionId);
    return { sessionId, subscriptionId: session.subscription! };
  }

  async function rowsOf(userId: string) {
    return t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  }

  async function profileOf(userId: string) {
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    return row!;
  }

  it("shows the plans by price and a free membership; anonymous visitors are refused", async () => {
    const user = await t.createUser();
    const body = await overview(user);
    expect(body.plans.map((p) => [p.id, p.price])).toEqual([
      ["free", 0],
      ["premium_monthly", 12],
      ["premium_yearly", 115.2],
    ]);
    expect(body.membership).toMatchObject({ premium: false, planId: "free", periodEnd: null, canManage: false });
    expect(body.testMode).toBe(false);
    expect((await t.api.billing.$get()).status).toBe(401);
    expect((await t.api.billing.checkout.$post({ json: { planId: "premium_monthly" } })).status).toBe(401);
  });

  it("starts checkout at the server's price with one Stripe customer per user, reused", async () => {
    const user = await t.createUser();
    const first = await checkout(user, "premium_yearly");
    const second = await checkout(user, "premium_monthly");
    const a = fake.stripe.checkoutSession(first.sessionId);
    const b = fake.stripe.checkoutSession(second.sessionId);
    expect(first.url).toBe(a.url);
    expect(a.price).toBe(fake.env.STRIPE_PRICE_YEARLY);
    expect(b.price).toBe(fake.env.STRIPE_PRICE_MONTHLY);
    expect(a.customer).toBeTruthy();
    expect(b.customer).toBe(a.customer);
    expect((await profileOf(user.id)).stripeCustomerId).toBe(a.customer);
    expect(a.client_reference_id).toBe(user.id);
    expect(a.success_url).toBe("http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}");
    expect(a.cancel_url).toBe("http://localhost:3000/dashboard/premium");
  });

  it("refuses a plan that is not for sale, or a price sent by the client, with a clear message", async () => {
    const user = await t.createUser();
    for (const json of [{ planId: "free" }, { planId: "premium_forever" }, {}]) {
      const response = await user.api.billing.checkout.$post({ json: json as { planId: "premium_monthly" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Please choose a plan" });
    }
    const withPrice = await user.api.billing.checkout.$post({
      json: { planId: "premium_monthly", price: "price_cheap", amount: 1 } as { planId: "premium_monthly" },
    });
    const { sessionId } = await withPrice.json();
    expect(fake.stripe.checkoutSession(sessionId).price).toBe(fake.env.STRIPE_PRICE_MONTHLY);
  });

  it("confirms a paid session: premium until the period end, unlimited tokens, three active challenges", async () => {
    const { user, plan } = await t.userWithPlan();
    const { sessionId } = await checkout(user, "premium_yearly");
    const unpaid = await confirm(user, sessionId);
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toEqual({ error: "Your payment has not been completed yet." });

    await fake.stripe.pay(sessionId);
    const response = await confirm(user, sessionId);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, membership: { premium: true, planId: "premium_yearly" } });
    const end = new Date(body.membership.periodEnd!).getTime();
    expect(end).toBeGreaterThan(Date.now() + 364 * DAY);
    expect(end).toBeLessThan(Date.now() + 367 * DAY);

    expect(await profileOf(user.id)).toMatchObject({
      subscriptionStatus: "premium",
      subscriptionEndsAt: new Date(end),
    });
    expect((await (await user.api.dashboard.$get()).json()).tokens).toEqual({ remaining: -1, unlimited: true });
    const accepted = await Promise.all(
      plan.challenges.map((c) =>
        user.api.challenges[":id"].$patch({ param: { id: c.id }, json: { challengeAccepted: true } }),
      ),
    );
    expect(accepted.map((r) => r.status)).toEqual([200, 200, 200]);
    // Premium cannot buy premium twice.
    const again = await user.api.billing.checkout.$post({ json: { planId: "premium_monthly" } });
    expect(again.status).toBe(409);
  });

  it("never confirms another user's session, an unknown one, or none", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const { sessionId } = await paidCheckout(owner);
    for (const id of [sessionId, "cs_test_doesnotexist", "../v1/customers"]) {
      const response = await confirm(intruder, id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "This payment session was not found." });
    }
    const empty = await confirm(intruder, "  ");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Invalid payment session. Please try again." });
    expect((await overview(intruder)).membership.premium).toBe(false);
    expect(await rowsOf(intruder.id)).toEqual([]);
    expect((await overview(owner)).membership.premium).toBe(false);
  });

  it("gives premium from the webhook alone, to a user who pays and never comes back", async () => {
    const user = await t.createUser();
    const { subscriptionId } = await paidCheckout(user, "premium_monthly");
    const [completed] = eventsOf(subscriptionId, "checkout.session.completed");
    expect((await post(completed)).status).toBe(200);
    const membership = (await overview(user)).membership;
    expect(membership).toMatchObject({ premium: true, planId: "premium_monthly", subscriptionStatus: "active" });
    expect(membership.canManage).toBe(true);
  });

  it("applies each event once: the same event three times, and the webhook before and after confirm", async () => {
    const user = await t.createUser();
    const { sessionId, subscriptionId } = await paidCheckout(user);
    const events = eventsOf(subscriptionId);
    expect(events.map((e) => e.type)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
    ]);
    for (const event of [...events, ...events, ...events]) expect((await post(event)).status).toBe(200);
    expect((await confirm(user, sessionId)).status).toBe(200);
    for (const event of events) expect((await post(event)).status).toBe(200);

    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "active",
      planId: "premium_monthly",
      stripeSubscriptionId: subscriptionId,
    });
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, user.id));
    expect(recorded.map((r) => r.id).sort()).toEqual([...events.map((e) => e.id), sessionId].sort());
    expect((await overview(user)).membership.premium).toBe(true);
  });

  it("ends free when subscription.deleted arrives before checkout.session.completed", async () => {
    const user = await t.createUser();
    const { subscriptionId } = await paidCheckout(user);
    await fake.stripe.cancelSubscription(subscriptionId);
    const [deleted] = eventsOf(subscriptionId, "customer.subscription.deleted");
    const [completed] = eventsOf(subscriptionId, "checkout.session.completed");
    await post(deleted);
    await post(completed);
    expect((await overview(user)).membership).toMatchObject({
      premium: false,
      planId: "free",
      subscriptionStatus: "canceled",
    });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("keeps one subscription row when 20 confirms race the webhook", async () => {
    const user = await t.createUser();
    const { sessionId, subscriptionId } = await paidCheckout(user);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => confirm(user, sessionId)),
      ...eventsOf(subscriptionId).map((e) => post(e)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(23).fill(200));
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect((await profileOf(user.id)).subscriptionStatus).toBe("premium");
  });

  it("refuses a forged or missing signature and changes nothing", async () => {
    const user = await t.createUser();
    const { subscriptionId } = await paidCheckout(user);
    const [completed] = eventsOf(subscriptionId, "checkout.session.completed");
    const payload = JSON.stringify(completed);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    for (const signature of [forged, "", "t=1,v1=00"]) {
      const response = await post(completed, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid signature" });
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await overview(user)).membership.premium).toBe(false);
  });

  it("keeps premium through a renewal, and returns to free with 5 tokens at the end of a cancelled period", async () => {
    const user = await t.createUser();
    await t.db
      .update(profiles)
      .set({ tokensRemaining: 1, tokensPeriod: new Date().toISOString().slice(0, 7) })
      .where(eq(profiles.id, user.id));
    const { sessionId, subscriptionId } = await paidCheckout(user);
    await confirm(user, sessionId);
    const firstEnd = (await overview(user)).membership.periodEnd!;

    await fake.stripe.endPeriod(subscriptionId);
    for (const event of eventsOf(subscriptionId).slice(-2)) await post(event);
    const renewed = (await overview(user)).membership;
    expect(renewed.premium).toBe(true);
    expect(new Date(renewed.periodEnd!).getTime()).toBeGreaterThan(new Date(firstEnd).getTime() + 27 * DAY);

    await fake.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await post(eventsOf(subscriptionId, "customer.subscription.updated").at(-1));
    expect((await overview(user)).membership).toMatchObject({ premium: true, cancelAtPeriodEnd: true });

    await fake.stripe.endPeriod(subscriptionId);
    await post(eventsOf(subscriptionId, "customer.subscription.deleted").at(-1));
    expect((await overview(user)).membership).toMatchObject({ premium: false, planId: "free" });
    expect((await (await user.api.dashboard.$get()).json()).tokens).toEqual({ remaining: 5, unlimited: false });
  });

  it("treats premium whose end date has passed as free even when Stripe's last event never came", async () => {
    const user = await t.createUser();
    const { sessionId } = await paidCheckout(user);
    await confirm(user, sessionId);
    await t.db
      .update(profiles)
      .set({ subscriptionEndsAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, user.id));
    expect((await overview(user)).membership.premium).toBe(false);
    expect((await (await user.api.dashboard.$get()).json()).tokens.unlimited).toBe(false);
  });

  it("opens the Customer Portal for a customer, returning to the premium page", async () => {
    const user = await t.createUser();
    const none = await user.api.billing.portal.$post();
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: "You have no subscription to manage yet." });
    await paidCheckout(user);
    const response = await user.api.billing.portal.$post();
    expect(response.status).toBe(200);
    const { url } = await response.json();
    const portal = fake.stripe.portalSession(url.split("/").at(-1)!);
    expect(portal.return_url).toBe("http://localhost:3000/dashboard/premium");
    expect(portal.customer).toBe((await profileOf(user.id)).stripeCustomerId);
  });

  it("answers 502 with the step's message when Stripe cannot be reached", async () => {
    const unreachable = await createTestApp({ ...fake.env, STRIPE_API_BASE: "http://127.0.0.1:9" });
    try {
      const user = await unreachable.createUser();
      const response = await user.api.billing.checkout.$post({ json: { planId: "premium_monthly" } });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: "Failed to create checkout session" });
    } finally {
      await unreachable.close();
    }
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("billing in test mode (no Stripe keys)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("checks out on the local test page, whose Pay fulfils through the webhook before the success page", async () => {
    const user = await t.createUser();
    expect((await (await user.api.billing.$get()).json()).testMode).toBe(true);
    const { url, sessionId } = await (
      await user.api.billing.checkout.$post({ json: { planId: "premium_yearly" } })
    ).json();
    const path = new URL(url).pathname;
    expect(path).toBe(`/test-checkout/${sessionId}`);
    const page = await t.request(path);
    const html = await page.text();
    expect(html).toContain("Test mode — no real payment");
    expect(html).toContain("Pay €115.20");

    const pay = await t.request(`${path}/pay`, { method: "POST" });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`http://localhost:3000/payment/success?session_id=${sessionId}`);
    expect((await (await user.api.billing.$get()).json()).membership).toMatchObject({
      premium: true,
      planId: "premium_yearly",
    });
    expect((await user.api.billing.confirm.$post({ json: { sessionId } })).status).toBe(200);
  });

  it("cancel on the test page goes back to the premium page and changes nothing", async () => {
    const user = await t.createUser();
    const { url } = await (await user.api.billing.checkout.$post({ json: { planId: "premium_monthly" } })).json();
    const cancel = await t.request(`${new URL(url).pathname}/cancel`, { method: "POST" });
    expect(cancel.headers.get("location")).toBe("http://localhost:3000/dashboard/premium");
    expect((await (await user.api.billing.$get()).json()).membership.premium).toBe(false);
  });

  it("refuses a cross-site POST to the test page", async () => {
    const user = await t.createUser();
    const { url } = await (await user.api.billing.checkout.$post({ json: { planId: "premium_monthly" } })).json();
    const pay = await t.request(`${new URL(url).pathname}/pay`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(pay.status).toBe(403);
    expect((await (await user.api.billing.$get()).json()).membership.premium).toBe(false);
  });

  it("does not exist in production", async () => {
    const production = await createTestApp(PRODUCTION_TEST_ENV);
    try {
      expect((await production.request("/test-checkout/cs_test_x")).status).toBe(404);
      expect((await production.request("/test-portal/bps_x")).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
