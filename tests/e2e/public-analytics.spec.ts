import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";
import { storedConsent } from "./public-helpers.ts";

/*
 * ANALYTICS_SCRIPT_URL is baked into the pre-rendered pages at build time, and the shared e2e
 * server runs without one. So this file starts its own app server (the same e2e-server, built
 * into its own folder) with the setting pointing at a small script server of ours, on another
 * origin exactly like a real analytics provider, and counts what the browser fetches.
 */
let scriptServer: Server;
let stopApp: () => void = () => {};
let scriptRequests = 0;
let appUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  scriptServer = createServer((_request, res) => {
    scriptRequests += 1;
    res.setHeader("content-type", "text/javascript");
    res.setHeader("cache-control", "no-store");
    res.end("window.__analyticsRuns = (window.__analyticsRuns || 0) + 1;");
  });
  await new Promise<void>((resolve) => scriptServer.listen(0, "127.0.0.1", resolve));
  const scriptUrl = `http://127.0.0.1:${(scriptServer.address() as AddressInfo).port}/analytics.js`;

  const own = await startOwnServer({
    offset: 40,
    parallelIndex: test.info().parallelIndex,
    env: { ANALYTICS_SCRIPT_URL: scriptUrl },
  });
  appUrl = own.url;
  stopApp = own.stop;
});

test.afterAll(async () => {
  stopApp();
  await new Promise<void>((resolve) => scriptServer?.close(() => resolve()));
});

test.beforeEach(() => {
  scriptRequests = 0;
});

const analyticsTags = (page: import("@playwright/test").Page) => page.locator('script[src$="/analytics.js"]').count();
const banner = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Our website uses cookies" });

test("nothing is loaded before consent, nor after rejecting", async ({ page }) => {
  await gotoHydrated(page, `${appUrl}/`);
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scriptRequests).toBe(0);
  expect(await analyticsTags(page)).toBe(0);

  await banner(page).getByRole("button", { name: "Reject non-essential" }).click();
  await gotoHydrated(page, `${appUrl}/ChallengePage`);
  await page.waitForLoadState("networkidle");
  expect(scriptRequests).toBe(0);
  expect(await analyticsTags(page)).toBe(0);
});

test("accepting loads the script once, and it keeps running across pages without reloading", async ({ page }) => {
  await gotoHydrated(page, `${appUrl}/`);
  await banner(page).getByRole("button", { name: "Accept All Cookies" }).click();
  await expect.poll(() => page.evaluate(() => (window as { __analyticsRuns?: number }).__analyticsRuns)).toBe(1);
  await page.getByRole("link", { name: "TAKE THE CHALLENGE" }).first().click();
  await expect(page).toHaveURL(/\/ChallengePage$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(page).toHaveURL(/\/cookie-banner$/);
  expect(await analyticsTags(page)).toBe(1);
  expect(await page.evaluate(() => (window as { __analyticsRuns?: number }).__analyticsRuns)).toBe(1);
  expect(scriptRequests).toBe(1);
});

test("analytics switched on under 'Manage Cookies' loads it; a returning visitor gets it at once", async ({ page }) => {
  await gotoHydrated(page, `${appUrl}/`);
  await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
  await banner(page).getByRole("switch", { name: "Analytics" }).click();
  await banner(page).getByRole("button", { name: "Save Preferences" }).click();
  await expect.poll(() => scriptRequests).toBe(1);
  expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false });

  await page.reload();
  await expect.poll(() => page.evaluate(() => (window as { __analyticsRuns?: number }).__analyticsRuns)).toBe(1);
  expect(scriptRequests).toBe(2);
  await expect(banner(page)).toHaveCount(0);
});

test("withdrawing analytics consent reloads the page without the script", async ({ page }) => {
  await gotoHydrated(page, `${appUrl}/`);
  await banner(page).getByRole("button", { name: "Accept All Cookies" }).click();
  await expect.poll(() => scriptRequests).toBe(1);
  await gotoHydrated(page, `${appUrl}/cookie-banner`);
  await expect.poll(() => scriptRequests).toBe(2);
  await expect(page.getByRole("switch", { name: "Analytics" })).toBeChecked();
  await page.getByRole("switch", { name: "Analytics" }).click();
  const reloaded = page.waitForEvent("framenavigated");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await reloaded;
  await expect(page.getByRole("switch", { name: "Analytics" })).not.toBeChecked();
  await page.waitForLoadState("networkidle");
  expect(await analyticsTags(page)).toBe(0);
  expect(scriptRequests).toBe(2);
});
