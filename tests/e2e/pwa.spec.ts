import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium.ts";
import { E2E } from "../support/e2e-ports.ts";
import { OFFLINE_KEY, serviceWorkerReady } from "../support/service-worker.ts";
import {
  createConfirmedUser,
  expect,
  gotoHydrated,
  holdRequests,
  logIn,
  reloadHydrated,
  signInWithPassword,
  test,
  waitForMail,
} from "./fixtures.ts";
import { acceptedPlan, apiPatch } from "./onboarding-helpers.ts";
import { withStoredConsent } from "./public-helpers.ts";

// The service worker is what this spec is about; the others run without one (playwright.config.ts, decision 0131).
test.use({ serviceWorkers: "allow" });

// The installable app (issue 14): manifest, icons, service worker, Chromium's installability checks, and the
// dashboard opening offline with his last data, which never outlives his sign-out.

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

/**
 * His app installed by a first visit: a plan with a dated milestone on his dashboard, the service worker in control
 * and his offline copy written. Answers his challenge.
 */
async function installedWithHisCopy(page: Page) {
  const { challenge } = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: [{ id: challenge.milestones[0]!.id, milestoneDeadline: "2031-03-01" }],
  });
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByRole("heading", { name: challenge.title })).toBeVisible();
  await serviceWorkerReady(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, OFFLINE_KEY)).toBe(true);
  return challenge;
}

test("the app has a manifest with its icons", async ({ page, request, signedIn: _ }) => {
  await gotoHydrated(page, "/dashboard");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: "Unscroll",
    start_url: "/dashboard",
    display: "standalone",
    theme_color: "#0a0a0b",
  });
  for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"], icon.src).toBe("image/png");
  }
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
});

test("Chromium offers to install it", async ({ playwright, baseURL }) => {
  // Chromium never offers installation in an incognito window, which is what a test's context is: this check runs
  // in a profile of its own, as a person's browser would.
  const profile = mkdtempSync(join(tmpdir(), "unscroll-pwa-"));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await logIn(page, await createConfirmedUser());
    await gotoHydrated(page, "/dashboard");
    await serviceWorkerReady(page);
    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url } = await cdp.send("Page.getAppManifest");
    expect(new URL(url).pathname).toBe("/manifest.webmanifest");
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("his installed app paints his last dashboard at once, then refreshes it from the server (issue 37)", async ({
  page,
  signedIn: _,
}) => {
  const challenge = await installedWithHisCopy(page);
  await expect(page.getByRole("heading", { name: "Let's go, Marcus" })).toBeVisible();

  // Renamed on another device a moment ago: the copy on this one still has his old name.
  await apiPatch(page, "/api/me", { firstName: "Rocky" });
  const release = await holdRequests(page, "**/api/dashboard");
  const asked = page.waitForRequest("**/api/dashboard");
  await page.reload();
  // The service worker's page, painted from his copy while the dashboard's request is still on its way.
  await expect(page.getByRole("heading", { name: "Let's go, Marcus" })).toBeVisible();
  await expect(page.getByRole("heading", { name: challenge.title })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  await asked;
  release();
  await expect(page.getByRole("heading", { name: "Let's go, Rocky" })).toBeVisible();
});

test("the dashboard opens offline with his last data, caches no API answer, and forgets it all at logout", async ({
  page,
  context,
  signedIn: _,
}) => {
  const challenge = await installedWithHisCopy(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await expect(page.getByRole("heading", { name: challenge.title })).toBeVisible();
  await expect(page.getByText("This is your dashboard as it was at")).toBeVisible();

  // Cache Storage holds the app shell only: no answer of /api, which is one user's.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);

  await context.setOffline(false);
  await reloadHydrated(page);
  await expect(page.getByText("You are offline.")).toBeHidden();
  // Phones log out from the menu, wider screens from the sidebar (from 768 px).
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
  } else {
    await page.getByRole("complementary", { name: "Account" }).getByRole("button", { name: "Logout" }).click();
  }
  await expect(page).toHaveURL(/\/auth\/Login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), OFFLINE_KEY)).toBeNull();
});

/** Whether this browser holds the offline copy's tag, the cookie the server sets beside his session (decision 0170). */
async function holdsCopyTag(page: Page) {
  return (await page.context().cookies()).some((cookie) => cookie.name === "unscroll.copy" && cookie.value !== "");
}

test("issue 57 row 4: his session revoked elsewhere, the app opened offline shows only his own copy, and forgets it at the first answer", async ({
  page,
  context,
  browser,
  signedIn: user,
}) => {
  const challenge = await installedWithHisCopy(page);
  expect(await holdsCopyTag(page)).toBe(true);

  // On another device he resets his password: every session of his ends, this phone's too. The phone is offline
  // meanwhile: any request of its own (a poll, a refetch on focus) would hear of it before the test says it has not.
  await context.setOffline(true);
  const elsewhere = await browser.newContext({ baseURL: E2E.baseUrl });
  const headers = { origin: E2E.baseUrl };
  const asked = await elsewhere.request.post("/api/auth/request-password-reset", {
    headers,
    data: { email: user.email, redirectTo: "/reset-password" },
  });
  expect(asked.ok()).toBe(true);
  const mail = await waitForMail(user.email, (m) => /Reset your/.test(m.subject));
  const token = new URL(mail.links.find((l) => l.includes("/api/auth/reset-password/"))!).pathname.split("/").pop()!;
  const reset = await elsewhere.request.post("/api/auth/reset-password", {
    headers,
    data: { token, newPassword: "fresh2run" },
  });
  expect(reset.ok()).toBe(true);
  await elsewhere.close();

  // This phone has heard nothing of it: offline, it opens on his own copy, as it was, and says so.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await expect(page.getByRole("heading", { name: challenge.title })).toBeVisible();

  // Its first answer says nobody is signed in here: the copy and its tag are gone, and he is asked to log in.
  await context.setOffline(false);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/Login$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OFFLINE_KEY)).toBeNull();
  expect(await holdsCopyTag(page)).toBe(false);

  // Offline again, nothing of his opens any more.
  await context.setOffline(true);
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByRole("heading", { name: challenge.title })).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), OFFLINE_KEY)).toBeNull();
});

test("issue 57 row 4: another man who signs in on this browser never opens the first man's copy, even offline at once", async ({
  page,
  context,
  signedIn: _,
}) => {
  const challenge = await installedWithHisCopy(page);

  // Jon signs in on the same browser, and the network goes before any screen of his has loaded.
  const jon = await createConfirmedUser({ firstName: "Jon" });
  await signInWithPassword(page, jon);
  expect(await holdsCopyTag(page)).toBe(false);
  await context.setOffline(true);
  // Once the app has started (hydrated), it has decided whether to put a copy back.
  await reloadHydrated(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OFFLINE_KEY)).toBeNull();
  await expect(page.getByRole("heading", { name: challenge.title })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Let's go, Marcus" })).toHaveCount(0);
});

test("issue 57 row 4: a screen the server renders with his data brings his tag in its own answer", async ({
  page,
  context,
  signedIn: _,
}) => {
  await acceptedPlan(page);
  await context.clearCookies({ name: "unscroll.copy" });
  const response = await page.goto("/dashboard");
  // The document itself sets it, whatever the page asks for afterwards.
  expect((await response?.allHeaders())?.["set-cookie"] ?? "").toContain("unscroll.copy=");
  expect(await holdsCopyTag(page)).toBe(true);
});
