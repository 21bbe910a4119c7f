import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * Issue 35 row 14: pages that need no session do not wait for one. Before its scripts run (here: never, JavaScript
 * off) such a page already shows what it is about, not the SPEC's "Getting your account ready...", which is for the
 * screens of an account. Their scripts then take over the same page.
 */
test.describe("issue 35 row 14: pages without a session, before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the reminder unsubscribe page shows its question, not an account loading", async ({ page }) => {
    await page.goto("/unsubscribe?token=anything.deadlines.signature");
    await expect(page.getByRole("heading", { level: 1, name: "Stop e-mails?" })).toBeVisible();
    await expect(page.getByText("Getting your account ready")).toHaveCount(0);
  });

  test("the partner's unsubscribe page loads as a partner's page", async ({ page }) => {
    await page.goto("/partner/unsubscribe?token=anything");
    await expect(page.getByText("Loading...")).toBeVisible();
    await expect(page.getByText("Getting your account ready")).toHaveCount(0);
  });

  test("the page after deleting an account says so at once", async ({ page }) => {
    await page.goto("/account-deleted");
    await expect(page.getByRole("heading", { level: 1, name: "Your account has been deleted" })).toBeVisible();
  });

  test("a screen of an account still says it is getting the account ready", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByText("Getting your account ready...")).toBeVisible();
  });
});

test.describe("issue 35 row 14: a partner's plan page while the app's scripts are still on their way", () => {
  test("says what the link holds, not that it is getting an account ready", async ({ page }) => {
    // The page's own words come in its HTML; the app's modules are held back as a slow network would.
    await page.route("**/assets/*.js", () => {});
    await page.goto("/partner/view/anything", { waitUntil: "domcontentloaded" });
    // Rendered by the server (decisions 0139 and 0143): a link that opens nothing says so before any script runs.
    await expect(page.getByRole("heading", { level: 1, name: "This link is not valid any more" })).toBeVisible();
    await expect(page.getByText("Getting your account ready")).toHaveCount(0);
  });
});

test.describe("issue 35 row 14: the same pages once their scripts run", () => {
  test("an unsubscribe link without its token says the link is not valid, after hydration", async ({ page }) => {
    await gotoHydrated(page, "/unsubscribe");
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  });

  test("a partner's page with a made-up link says so, with no hydration error", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await gotoHydrated(page, "/partner/view/made-up-link");
    await expect(page.getByText("Getting your account ready")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  });
});
