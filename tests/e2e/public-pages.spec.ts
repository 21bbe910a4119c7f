import { prerenderedPaths } from "#shared/paths.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

test.describe("challenge page", () => {
  test.beforeEach(async ({ page }) => withStoredConsent(page));

  test("explains the target, the four rules and the 24 hours", async ({ page }) => {
    await gotoHydrated(page, "/ChallengePage");
    const main = page.getByRole("main");
    await expect(main).toContainText("one and a half times your longest run");
    await expect(main).toContainText("at least 60 minutes");
    for (const example of ["1 h 30", "3 h", "60 min"]) await expect(main).toContainText(example);
    const rules = page.getByRole("list").filter({ has: page.getByRole("heading", { name: "Run alone" }) });
    await expect(rules.getByRole("listitem")).toHaveCount(4);
    for (const rule of ["Run alone", "No audio", "Phone in airplane mode", "At least one hour of constant movement"]) {
      await expect(rules.getByRole("heading", { name: rule })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "You have 24 hours after accepting" })).toBeVisible();
  });

  test("'Challenge Accepted' leads to sign-up", async ({ page }) => {
    await gotoHydrated(page, "/ChallengePage");
    // One in the first screen, one closing the page (issue 53 row 8).
    const accept = page.getByRole("link", { name: "Challenge Accepted" });
    await expect(accept).toHaveCount(2);
    for (const link of await accept.all()) await expect(link).toHaveAttribute("href", "/auth/Signup");
    await accept.last().click();
    await expect(page).toHaveURL(/\/auth\/Signup$/);
  });

  test("without FOUNDER_VIDEO_URL a poster stands in: no player, nothing broken", async ({ page }) => {
    const failed: string[] = [];
    page.on("response", (response) => response.status() >= 400 && failed.push(response.url()));
    await gotoHydrated(page, "/ChallengePage");
    await expect(page.getByText("The founder's message")).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(failed).toEqual([]);
  });
});

test.describe("legal pages", () => {
  test.beforeEach(async ({ page }) => withStoredConsent(page));

  test("legal notice names the operator, an individual in Germany, per § 5 DDG", async ({ page }) => {
    await gotoHydrated(page, "/legal-notice");
    const main = page.getByRole("main");
    await expect(main).toContainText("§ 5");
    await expect(main).toContainText("DDG");
    await expect(main).toContainText("operated by an individual in Germany");
    await expect(main).toContainText("[Operator name — set LEGAL_NAME]");
    await expect(main).toContainText("set LEGAL_ADDRESS");
    await expect(main.getByRole("link", { name: "support@unscroll.example" })).toBeVisible();
  });

  test("privacy policy covers what is stored, legal bases, retention, rights and complaints", async ({ page }) => {
    await gotoHydrated(page, "/privacy-policy");
    const main = page.getByRole("main");
    for (const text of [
      "quiz answers",
      "Stripe",
      "SMTP",
      "AI model provider",
      "Art. 6 (1)(b) GDPR",
      "erased within 30 days",
      "We answer within 30 days (45 days for requests under California law)",
      "Art. 77 GDPR",
      "cookieConsent",
      "individual in Germany",
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(main.getByRole("heading", { name: /Your rights/ })).toBeVisible();
  });

  test("terms: 18+, cancellation up to one day before renewal, 14-day withdrawal, 30 days' notice", async ({
    page,
  }) => {
    await gotoHydrated(page, "/terms-of-service");
    const main = page.getByRole("main");
    for (const text of [
      "at least 18 years old",
      "up to 1 day before it renews",
      "withdraw from this contract within 14 days",
      "within 14 days of the day we receive your withdrawal",
      "30 days' notice",
      "€12.00 per month or €115.20 per year",
    ]) {
      await expect(main).toContainText(text);
    }
  });

  test("do-not-sell page says we do not sell and how to ask", async ({ page }) => {
    await gotoHydrated(page, "/do-not-sell");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1, name: "Do Not Sell My Personal Information" })).toBeVisible();
    await expect(main).toContainText("does not sell your personal information");
    await expect(main).toContainText("within 45 days");
  });
});

test.describe("accessibility (axe-core)", () => {
  // Reduced motion: axe judges contrast on settled frames, not mid-transition.
  test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

  for (const path of prerenderedPaths) {
    test(`${path} has no violations`, async ({ page }) => {
      await withStoredConsent(page);
      await gotoHydrated(page, path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the cookie banner and its preferences have no violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("region", { name: "Our website uses cookies" });
    await expect(banner).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await banner.getByRole("button", { name: "Manage Cookies" }).click();
    await expect(banner.getByRole("button", { name: "Save Preferences" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
