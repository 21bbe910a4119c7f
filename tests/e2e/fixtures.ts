import { test as base, expect, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { type Account, newAccount, signUpBody } from "../support/personas.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";

export type TestUser = Account;

/** Reads the mail the app sent to `to` from the SMTP sink, waiting for one to arrive. */
export async function waitForMail(to: string, match: (mail: CapturedMail) => boolean = () => true) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
    const mails = ((await response.json()) as CapturedMail[]).filter(match);
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Opens a page and waits until React has hydrated it. Pre-rendered pages and the screens the server renders with their
 * data (decision 0139) show their content before their scripts run; a click or a clock tick before hydration would
 * test the HTML, not the app.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** Reloads the page and waits, like `gotoHydrated`, until React has taken it over: a tap before that does nothing. */
export async function reloadHydrated(page: Page) {
  const response = await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/**
 * Opens a dashboard screen from the SPA shell instead of the server's render with his data in it (decision 0139): the
 * page the service worker keeps, and the one a failed render falls back to. The document is asked for without his
 * cookies, as the server answers the shell; the screen then asks for its data itself, and its loading state can be seen.
 * Waits, like `gotoHydrated`, until React has taken the page over.
 */
export async function gotoShell(page: Page, url: string) {
  const address = new URL(url, E2E.baseUrl);
  await page.route(
    (requested) => requested.pathname === address.pathname,
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.fallback();
      const shell = await fetch(address);
      return route.fulfill({
        status: shell.status,
        headers: Object.fromEntries(shell.headers),
        body: await shell.text(),
      });
    },
    { times: 1 },
  );
  await gotoHydrated(page, url);
}

/** A confirmed account (Marcus unless told otherwise), made through the public API as the sign-up screen makes one. */
export async function createConfirmedUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newAccount(overrides);
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: E2E.baseUrl },
    data: signUpBody(user),
  });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForMail(user.email);
  const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
  expect(link).toBeTruthy();
  const verify = await page.request.get(link!, { maxRedirects: 0 });
  expect(verify.status()).toBeLessThan(400);
  return user;
}

/** Logs the browser context in through the API (the login screen has its own tests). */
export async function logIn(page: Page, user: TestUser) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: E2E.baseUrl },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBe(true);
}

/** Holds every request to `url` until the returned function is called: a loading state stays on screen to be read. */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * His run challenge accepted `minutesAgo` minutes ago on the server's clock (accepting it first if need be): a typed run
 * can be no longer than the time since (issue 53 row 2), so a test that types one at once moves the acceptance back, as
 * if he had been out running. `mailApi`: the control address of a test's own server.
 */
export async function acceptedMinutesAgo(
  email: string,
  minutesAgo: number,
  mailApi = `http://127.0.0.1:${E2E.mailApiPort}`,
) {
  const url = `${mailApi}/challenge-accepted?email=${encodeURIComponent(email)}&minutesAgo=${minutesAgo}`;
  const answer = (await (await fetch(url)).json()) as { found: boolean };
  expect(answer.found, `no account ${email} to accept the challenge for`).toBe(true);
}

export const test = base.extend<{ signedIn: TestUser }>({
  signedIn: async ({ page }, use) => {
    const user = await createConfirmedUser(page);
    await logIn(page, user);
    await use(user);
  },
});

export { expect };
