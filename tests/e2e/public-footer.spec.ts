import { expect, gotoHydrated, test } from "./fixtures.ts";
import { withStoredConsent } from "./public-helpers.ts";

const LEGAL_LINKS = ["Legal Notice", "Privacy Policy", "Terms of Service", "Do Not Sell My Info"];

async function footerOf(page: import("@playwright/test").Page, path: string) {
  await gotoHydrated(page, path);
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  return footer;
}

test.describe("footer", () => {
  test.beforeEach(async ({ page }) => withStoredConsent(page));

  for (const path of ["/", "/ChallengePage", "/auth/Login"]) {
    test(`${path}: tagline, year and support line, no legal links`, async ({ page }) => {
      const footer = await footerOf(page, path);
      await expect(footer).toContainText("Escape the scroll. Prove yourself.");
      await expect(footer).toContainText("© 2025");
      await expect(footer.getByRole("link", { name: "support@unscroll.example" })).toHaveAttribute(
        "href",
        "mailto:support@unscroll.example",
      );
      for (const name of LEGAL_LINKS) await expect(footer.getByRole("link", { name })).toHaveCount(0);
      await expect(footer.getByRole("link", { name: "Cookie settings" })).toBeVisible();
    });
  }

  for (const path of ["/legal-notice", "/privacy-policy", "/terms-of-service", "/do-not-sell"]) {
    test(`${path}: legal links, no support line`, async ({ page }) => {
      const footer = await footerOf(page, path);
      await expect(footer).toContainText("Escape the scroll. Prove yourself.");
      await expect(footer).toContainText("© 2025");
      for (const name of LEGAL_LINKS) await expect(footer.getByRole("link", { name })).toBeVisible();
      await expect(footer.getByRole("link", { name: "support@unscroll.example" })).toHaveCount(0);
    });
  }

  test("the legal links lead to the legal pages", async ({ page }) => {
    const footer = await footerOf(page, "/legal-notice");
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test("under /dashboard: legal links and the support line", async ({ page, signedIn: _ }) => {
    const footer = await footerOf(page, "/dashboard/help");
    await expect(page).toHaveURL(/\/dashboard/);
    for (const name of LEGAL_LINKS) await expect(footer.getByRole("link", { name })).toBeVisible();
    await expect(footer.getByRole("link", { name: "support@unscroll.example" })).toBeVisible();
  });
});
