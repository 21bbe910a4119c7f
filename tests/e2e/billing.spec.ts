import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { expect, gotoHydrated, gotoShell, holdRequests, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, apiPost, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Premium in test mode (the e2e server has no Stripe keys, so checkout is the server's local test page): the plans
// page, the payment modal, the test checkout, the payment success screen and what Premium unlocks.

const SUPPORT_EMAIL = "support@unscroll.example";
const PROCESSING = "Payment is being processed. This may take a few moments...";
const SLOW =
  "Payment processing is taking longer than expected. Please check your subscription status in a few minutes or contact support.";

const card = (page: Page, planId: string) => page.getByTestId(`plan-${planId}`);
const modal = (page: Page) => page.getByRole("dialog", { name: "Upgrade to Premium" });
const unlimited = (page: Page) => page.getByTitle("Unlimited tokens (Premium)").filter({ visible: true }).first();

/** A user whose first challenge is accepted and dated, so the dashboard home shows it (and the balance). */
async function userWithPlan(page: Page) {
  const plan = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: plan.challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: "2031-03-01" })),
  });
  return plan;
}

/** Premium through the API and the test checkout's own form, as a user who paid elsewhere would have it. */
async function becomePremium(page: Page) {
  const { sessionId } = await apiPost(page, "/api/billing/checkout", { planId: "premium_monthly" });
  const pay = await page.request.post(`/test-checkout/${sessionId}/pay`, {
    headers: { origin: E2E.baseUrl },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  await apiPost(page, "/api/billing/confirm", { sessionId });
}

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test("the plans page: a card per plan with SPEC's figures, what Premium includes, and the FAQ", async ({
  page,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/dashboard/premium");
  await expect(page.getByRole("heading", { name: "Choose Your Plan", level: 1 })).toBeVisible();
  await expect(page.getByText("Test mode: payments go to a test checkout")).toBeVisible();

  // Ordered by price: free, monthly, yearly.
  await expect(page.locator('[data-testid^="plan-"]')).toHaveCount(3);
  const order = await page.locator('[data-testid^="plan-"]').evaluateAll((cards) => cards.map((c) => c.dataset.testid));
  expect(order).toEqual(["plan-free", "plan-premium_monthly", "plan-premium_yearly"]);

  await expect(card(page, "free")).toContainText("Current plan");
  await expect(card(page, "free").getByRole("button")).toHaveCount(0);
  await expect(card(page, "premium_monthly").getByText("€12.00", { exact: true })).toBeVisible();
  await expect(card(page, "premium_monthly")).toContainText("/ month");

  const yearly = card(page, "premium_yearly");
  await expect(yearly.getByText("€115.20", { exact: true })).toBeVisible();
  // 1.2 × the yearly price, crossed out; the yearly price / 12 a month.
  await expect(yearly.locator("s")).toHaveText("€138.24");
  await expect(yearly.getByText("€9.60 / month", { exact: true })).toBeVisible();
  await expect(yearly.getByText("20% off", { exact: true })).toBeVisible();
  await expect(yearly.getByText("Unlimited quiz retakes")).toBeVisible();

  const includes = page.getByRole("region", { name: "What Premium includes" });
  for (const perk of ["3 active challenges", "Unlimited tokens", "Unlimited quiz retakes"]) {
    await expect(includes.getByText(perk)).toBeVisible();
  }

  // FAQ answers are closed disclosures until opened.
  const cancelAnswer = page.getByText("any time up to 1 day before your plan renews");
  await expect(cancelAnswer).toBeHidden();
  await page.getByText("Can I cancel any time?").click();
  await expect(cancelAnswer).toBeVisible();
  await page.getByText("Can I get my money back?").click();
  await expect(page.getByText("14-day right of withdrawal")).toBeVisible();
  await expect(page.getByText("refund your payment within 14 days")).toBeVisible();
  await page.getByText("What happens to my tokens?").click();
  await expect(page.getByText("the 5 tokens a month resume")).toBeVisible();
  await page.getByText("What happens at the end of my billing period?").click();
  await expect(page.getByText("Premium ends on the last day you paid for")).toBeVisible();

  await expectNoSidewaysScroll(page);
});

test("issue 53 row 14: the plan chosen on its card is the one the modal pays for, without asking again", async ({
  page,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/dashboard/premium");
  await card(page, "premium_monthly").getByRole("button", { name: "Upgrade to Premium" }).click();
  const dialog = modal(page);
  await expect(dialog.getByRole("heading", { name: "Premium Monthly" })).toBeVisible();
  await expect(dialog.getByTestId("due-today")).toHaveText("€12.00");
  // One choice: no second list of plans in the modal.
  await expect(dialog.getByRole("radio")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Continue to payment" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("the payment modal: the chosen card's plan, the price due, the red error box and a disabled form while pending", async ({
  page,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/dashboard/premium");
  await card(page, "premium_yearly").getByRole("button", { name: "Upgrade to Premium" }).click();
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Premium Yearly" })).toBeVisible();
  await expect(dialog.getByTestId("due-today")).toHaveText("€115.20");
  await expect(dialog).toContainText("Test mode — no real payment");

  // A lost session: SPEC's message in the red box, and the modal stays open to try again.
  await page.route("**/api/billing/checkout", (route) =>
    route.fulfill({ status: 401, json: { error: "Not signed in" } }),
  );
  await dialog.getByRole("button", { name: "Continue to payment" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("User not authenticated. Please log in again.");
  await page.unroute("**/api/billing/checkout");

  // A failure without a message of the server's own.
  await page.route("**/api/billing/checkout", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await dialog.getByRole("button", { name: "Continue to payment" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Failed to create checkout session");
  await page.unroute("**/api/billing/checkout");

  // Closing clears the error; reopening from the monthly card starts on monthly.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await card(page, "premium_monthly").getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(dialog.getByRole("heading", { name: "Premium Monthly" })).toBeVisible();
  await expect(dialog.getByTestId("due-today")).toHaveText("€12.00");
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // While checkout opens nothing can be changed, then the browser leaves for the test checkout.
  const release = await holdRequests(page, "**/api/billing/checkout");
  await dialog.getByRole("button", { name: "Continue to payment" }).click();
  await expect(dialog.getByRole("button", { name: "Opening checkout..." })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/test-checkout\/[^/]+$/);
  await expect(page.getByRole("heading", { name: /Test mode — no real payment/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay €12\.00/ })).toBeVisible();
});

test("issue 35 row 1 and row 12: a free user upgrades, lands on his plan, and adds a second and third challenge from the dashboard in two taps each", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  await userWithPlan(page);
  await gotoHydrated(page, "/dashboard/premium");
  await card(page, "premium_yearly").getByRole("button", { name: "Upgrade to Premium" }).click();
  await modal(page).getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/test-checkout\/[^/]+$/);
  await expect(page.getByRole("heading", { name: /Test mode — no real payment/ })).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/payment\/success\?session_id=.+/);
  await expect(page.getByText(PROCESSING)).toBeVisible();
  await expect(page.getByText("Payment successful! Welcome to Premium.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  // Row 1: the success screen offers his next challenge.
  await expect(page.getByRole("link", { name: "Add your second challenge" })).toBeVisible();

  // Row 12: 'Taking you to your plan...' goes to his plan (SPEC's plans page, in place of the success screen).
  await expect(page).toHaveURL(/\/dashboard\/premium$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Your Plan", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Manage subscription" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Premium Yearly" })).toBeVisible();
  await expect(page.getByTestId("membership-period")).toHaveText(/^Renews on \w+ \d{1,2}, \d{4}$/);
  await expect(page.locator('[data-testid^="plan-"]')).toHaveCount(0);

  await gotoHydrated(page, "/dashboard");
  await expect(unlimited(page)).toBeVisible();
  // Row 12: no token price for a member.
  const generate = page.getByRole("button", { name: "Generate todos" }).first();
  await expect(generate).toHaveText("✦ Generate todos");
  await expect(generate).toHaveAttribute("title", "Generate todos");

  // Row 1: from the dashboard, two taps each to the second and the third challenge; then the entry is gone.
  const cards = page.getByTestId("challenge-card");
  for (const [n, label] of [
    [1, "Add your second challenge"],
    [2, "Add your third challenge"],
  ] as const) {
    await page.getByRole("link", { name: label }).click();
    await cards
      .nth(n)
      .getByRole("button", { name: /ACCEPT CHALLENGE/ })
      .click();
    await expect(cards.nth(n).getByRole("button", { name: /CHALLENGE ACCEPTED/ })).toBeVisible();
    await gotoHydrated(page, "/dashboard");
  }
  await expect(page.getByRole("heading", { name: "Your challenges" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Add your/ })).toHaveCount(0);
});

test("Cancel on the test checkout returns to the plans page, still on the free plan", async ({ page, signedIn: _ }) => {
  await gotoHydrated(page, "/dashboard/premium");
  await card(page, "premium_monthly").getByRole("button", { name: "Upgrade to Premium" }).click();
  await modal(page).getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/[^/]+$/);
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  await expect(card(page, "free")).toContainText("Current plan");
  await expect(page.getByRole("button", { name: "Manage subscription" })).toHaveCount(0);
});

test("without a session id the success screen says the session is invalid", async ({ page, signedIn: _ }) => {
  await gotoHydrated(page, "/payment/success");
  await expect(page.getByRole("alert")).toHaveText("Invalid payment session. Please try again.");
  await expect(page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${SUPPORT_EMAIL}`,
  );
  await page.getByRole("link", { name: "Back to Premium Page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/premium$/);
});

test("a session that never confirms ends in the slow-path view after the check and its recheck", async ({
  page,
  signedIn: _,
}) => {
  // The page's own clock times its checks: the test process may hear of requests late on a busy machine.
  await page.addInitScript(() => {
    const checks: number[] = [];
    (window as unknown as { checks: number[] }).checks = checks;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/api/billing/confirm")) {
        checks.push(performance.now());
      }
      return fetch(input, init);
    };
  });
  await gotoHydrated(page, "/payment/success?session_id=cs_test_bogus");
  await expect(page.getByText(PROCESSING)).toBeVisible();
  // First check after 2 s, recheck 5 s after it fails: about 7 s in all.
  await expect(page.getByRole("alert")).toHaveText(SLOW, { timeout: 20_000 });
  const checks = await page.evaluate(() => (window as unknown as { checks: number[] }).checks);
  expect(checks).toHaveLength(2);
  const [first = 0, second = 0] = checks;
  expect(second - first).toBeGreaterThanOrEqual(5000);
  await expect(page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL })).toBeVisible();
  await page.getByRole("link", { name: "Back to Premium Page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
});

test("a member manages his subscription: cancelling in the portal shows when Premium ends", async ({
  page,
  signedIn: _,
}) => {
  await becomePremium(page);
  await gotoHydrated(page, "/dashboard/premium");
  await expect(page.getByTestId("membership-period")).toHaveText(/^Renews on /);
  await page.getByRole("button", { name: "Manage subscription" }).click();

  await expect(page).toHaveURL(/\/test-portal\/[^/]+$/);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Unscroll" }).click();

  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  await expect(page.getByTestId("membership-period")).toHaveText(/^Premium ends on \w+ \d{1,2}, \d{4}$/);
  await expect(page.getByRole("button", { name: "Manage subscription" })).toBeVisible();
});

test("a failed plans load says so and tries again", async ({ page, signedIn: _ }) => {
  await page.route("**/api/billing", (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
  // From the shell: the page asks for the plans itself, as it does when the server's render could not.
  await gotoShell(page, "/dashboard/premium");
  await expect(page.getByRole("alert")).toContainText("Failed to fetch subscription plans", { timeout: 15_000 });
  await page.unroute("**/api/billing");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(card(page, "premium_yearly")).toBeVisible();
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

  test("the plans page with the FAQ open, the payment modal and the success screen have no axe violations", async ({
    page,
    signedIn: _,
  }) => {
    const scan = async (what: string) => expect(await axeViolations(page), what).toEqual([]);
    await gotoHydrated(page, "/dashboard/premium");
    await expect(card(page, "premium_yearly")).toBeVisible();
    await page.getByText("Can I get my money back?").click();
    await scan("plans page");
    await card(page, "premium_yearly").getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect(modal(page)).toBeVisible();
    await scan("payment modal");
    await gotoHydrated(page, "/payment/success");
    await expect(page.getByRole("alert")).toBeVisible();
    await scan("payment error view");
  });
});
