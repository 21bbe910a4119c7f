import { expect, gotoHydrated, test } from "./fixtures.ts";
import { storedConsent } from "./public-helpers.ts";

const banner = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Our website uses cookies" });

test.describe("cookie banner", () => {
  test("asks a first-time visitor, and 'Accept All Cookies' stores every category", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Manage Cookies" })).toBeVisible();
    await banner(page).getByRole("button", { name: "Accept All Cookies" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({
      essential: true,
      analytics: true,
      marketing: true,
      functional: true,
    });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(banner(page)).toBeHidden();
  });

  test("'Reject non-essential' is one tap and is remembered across pages and visits", async ({ page }) => {
    await gotoHydrated(page, "/ChallengePage");
    await banner(page).getByRole("button", { name: "Reject non-essential" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false, functional: false });
    await gotoHydrated(page, "/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(banner(page)).toBeHidden();
  });

  test("'Manage Cookies' lets the visitor pick categories; Essential stays on; 'Back' returns", async ({ page }) => {
    await gotoHydrated(page, "/");
    await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
    const essential = banner(page).getByRole("switch", { name: /Essential/ });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    for (const name of ["Analytics", "Marketing", "Functional"]) {
      await expect(banner(page).getByRole("switch", { name })).not.toBeChecked();
    }
    await banner(page).getByRole("button", { name: "Back" }).click();
    await expect(banner(page).getByRole("button", { name: "Accept All Cookies" })).toBeVisible();

    await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
    await banner(page).getByRole("switch", { name: "Functional" }).click();
    await expect(banner(page).getByRole("switch", { name: "Functional" })).toBeChecked();
    expect(await storedConsent(page)).toBeNull();
    await banner(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false, functional: true });
  });

  test("the footer's 'Cookie settings' opens the preferences to change the choice later", async ({ page }) => {
    await gotoHydrated(page, "/");
    await banner(page).getByRole("button", { name: "Accept All Cookies" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await expect(page).toHaveURL(/\/cookie-banner$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cookie preferences" })).toBeVisible();
    // The page shows the stored choice, and no banner on top of it.
    await expect(page.getByRole("switch", { name: "Analytics" })).toBeChecked();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole("switch", { name: "Analytics" }).click();
    await page.getByRole("switch", { name: "Marketing" }).click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByRole("status")).toHaveText("Your cookie preferences are saved.");
    expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false, functional: true });
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("/cookie-banner opened directly shows the preferences; 'Back' goes home", async ({ page }) => {
    await gotoHydrated(page, "/cookie-banner");
    for (const name of [/Essential/, "Analytics", "Marketing", "Functional"]) {
      await expect(page.getByRole("switch", { name })).toBeVisible();
    }
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Leaving the preferences page without choosing: the banner still asks.
    await expect(banner(page)).toBeVisible();
  });
});
