import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { standInPage } from "../stand-in-page.ts";
import { type LocalStripe, LocalStripeError } from "./local-stripe.ts";
import type { LocalPrice, LocalSubscription } from "./store.ts";

/**
 * The browser side of the stand-in: the hosted checkout page ("Test mode — no real payment", Pay or Cancel) and the
 * Customer Portal (cancel at period end, resume, switch plan). Plain HTML forms, no script: they stand for pages
 * Stripe hosts, so they share nothing with the app's bundle.
 */

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const per = (price: LocalPrice) => `${euros(price.unitAmount)} / ${price.interval}`;
const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return standInPage(title, body, {
    accent: "#f97316",
    styles: `  .price { font-size: 2rem; font-weight: 800; color: #f4f4f5; margin: .5rem 0; }`,
  });
}

const banner = (what: string) => html`<p class="banner" role="note">Test mode — no real payment. ${what}</p>`;

export function localStripePages(stripe: LocalStripe, appOrigin: string) {
  const app = new Hono();
  app.use(csrf({ origin: appOrigin }));

  app.get("/test-checkout/:id", (c) => {
    const session = stripe.checkoutSession(c.req.param("id"));
    if (session.status === "complete") return c.redirect(successUrl(session), 303);
    if (session.status === "expired") {
      return c.html(
        page(
          "Checkout expired",
          html`${banner("")}
<div class="card"><h1>This checkout has ended</h1><p>Start again from the premium page.</p>
<a class="link secondary" href="${session.cancel_url}">Back to Premium Page</a></div>`,
        ),
      );
    }
    const price = stripe.priceOf(session.price);
    return c.html(
      page(
        "Test checkout",
        html`<h1 class="banner">Test mode — no real payment</h1>
<div class="card">
  <p>Subscribe to</p>
  <h2>${price.productName}</h2>
  <p class="price">${per(price)}</p>
  <p>No card is charged: this page stands in for Stripe Checkout while the app runs without Stripe keys.</p>
  <div class="actions">
    <form method="post" action="/test-checkout/${session.id}/pay"><button class="primary" type="submit">Pay ${euros(price.unitAmount)}</button></form>
    <form method="post" action="/test-checkout/${session.id}/cancel"><button class="secondary" type="submit">Cancel</button></form>
  </div>
</div>`,
      ),
    );
  });

  app.post("/test-checkout/:id/pay", async (c) => {
    const session = await stripe.pay(c.req.param("id"));
    return c.redirect(session.status === "complete" ? successUrl(session) : session.cancel_url, 303);
  });

  app.post("/test-checkout/:id/cancel", (c) => {
    const session = stripe.expire(c.req.param("id"));
    return c.redirect(session.status === "complete" ? successUrl(session) : session.cancel_url, 303);
  });

  app.get("/test-portal/:id", (c) => {
    const portal = stripe.portalSession(c.req.param("id"));
    const [subscription] = stripe.subscriptionsOf(portal.customer);
    return c.html(
      page(
        "Manage subscription",
        html`${banner("This page stands in for Stripe's Customer Portal.")}
<div class="card"><h1>Your subscription</h1>
${subscription ? subscriptionView(stripe, portal.id, subscription) : html`<p>No subscription.</p>`}
<div class="actions"><a class="link secondary" href="${portal.return_url}">Return to Unscroll</a></div></div>`,
      ),
    );
  });

  app.post("/test-portal/:id/:action", async (c) => {
    const portal = stripe.portalSession(c.req.param("id"));
    const [subscription] = stripe.subscriptionsOf(portal.customer);
    if (!subscription) throw new LocalStripeError(404, "No subscription");
    const action = c.req.param("action");
    if (action === "cancel") await stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    else if (action === "resume") await stripe.updateSubscription(subscription.id, { cancel_at_period_end: false });
    else if (action === "switch")
      await stripe.updateSubscription(subscription.id, { price: otherPrice(stripe, subscription) });
    else if (action === "end-period") await stripe.endPeriod(subscription.id);
    else throw new LocalStripeError(404, "Unknown action");
    return c.redirect(`/test-portal/${portal.id}`, 303);
  });

  app.onError((error, c) => {
    if (error instanceof LocalStripeError) return c.text(error.message, error.status === 404 ? 404 : 400);
    throw error;
  });
  return app;
}

function successUrl(session: { id: string; success_url: string }) {
  return session.success_url.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(session.id));
}

function otherPrice(stripe: LocalStripe, subscription: LocalSubscription) {
  const current = subscription.items.data[0]?.price.recurring.interval;
  return stripe.priceFor(current === "year" ? "month" : "year")?.id ?? "";
}

function subscriptionView(stripe: LocalStripe, portalId: string, subscription: LocalSubscription) {
  const item = subscription.items.data[0];
  const price = item ? stripe.priceOf(item.price.id) : undefined;
  const active = subscription.status !== "canceled";
  const when = item
    ? subscription.cancel_at_period_end || !active
      ? `Ends on ${day(subscription.ended_at ?? item.current_period_end)}`
      : `Renews on ${day(item.current_period_end)}`
    : "";
  const action = (name: string, label: string, kind = "secondary") =>
    html`<form method="post" action="/test-portal/${portalId}/${name}"><button class="${kind}" type="submit">${label}</button></form>`;
  return html`<h2>${price?.productName ?? "Premium"}</h2>
<p class="price">${price ? per(price) : ""}</p>
<p>Status: ${subscription.status}. ${when}</p>
${
  active
    ? html`<div class="actions">
  ${subscription.cancel_at_period_end ? action("resume", "Resume subscription", "primary") : action("cancel", "Cancel subscription")}
  ${action("switch", price?.interval === "year" ? "Switch to monthly" : "Switch to yearly")}
  ${action("end-period", "Simulate the end of the period (test)")}
</div>`
    : ""
}`;
}
