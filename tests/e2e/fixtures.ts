import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import type { BuilderName, ControlBuilders } from "../support/builders/control.ts";
import { E2E } from "../support/e2e-ports.ts";
import type { Account } from "../support/personas.ts";
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

/**
 * A state made by a builder on the e2e server (tests/support/builders/control.ts, decision 0174), with the services of
 * the running app. `mailApi`: the control address of a test's own server.
 */
export async function build<Name extends BuilderName>(
  name: Name,
  body: Parameters<ControlBuilders[Name]>[0],
  mailApi = `http://127.0.0.1:${E2E.mailApiPort}`,
): Promise<Awaited<ReturnType<ControlBuilders[Name]>>> {
  const response = await fetch(`${mailApi}/build/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`builder ${name} failed: ${answer.error}`);
  return answer;
}

/**
 * Runs the outbox's planning tick now in the app's process, as the schedule does every minute here: the e-mails it
 * claims go through the queue's send jobs to the SMTP sink as any other. Answers how many it claimed.
 */
export async function planOutboxNow(mailApi = `http://127.0.0.1:${E2E.mailApiPort}`): Promise<number> {
  const response = await fetch(`${mailApi}/outbox/plan`, { method: "POST" });
  if (!response.ok) throw new Error(`planning the outbox failed: ${response.status}`);
  return ((await response.json()) as { claimed: number }).claimed;
}

/**
 * A confirmed account (Marcus unless told otherwise), made by a builder as sign-up and its e-mail's link make one: the
 * sign-up and confirmation journeys have their own specs (auth, onboarding-journey).
 */
export async function createConfirmedUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const { email, password, firstName } = await build("account", overrides);
  return { email, password, firstName };
}

/**
 * Signs the browser context in with a session a builder made, and the cookie a sign-in sets, signed with the server's
 * secret: the app cannot tell it from a sign-in (decision 0174). The login screen has its own tests.
 */
export async function logIn(page: Page, user: TestUser) {
  await signInBuilt(page.context(), user.email);
}

/** `logIn` on a test's own server: `baseUrl` is its address, `mailApi` its control address. */
export async function signInBuilt(
  context: BrowserContext,
  email: string,
  server = { baseUrl: E2E.baseUrl, mailApi: `http://127.0.0.1:${E2E.mailApiPort}` },
) {
  const cookie = await build("session", { email }, server.mailApi);
  await context.addCookies([{ ...cookie, url: server.baseUrl, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Signs in through better-auth's endpoint with his password, as the login form does: for the tests where the sign-in
 * itself matters (a new password, a second man on the same browser, whose sign-in removes the first one's copy tag).
 */
export async function signInWithPassword(page: Page, user: TestUser) {
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
    const user = await createConfirmedUser();
    await logIn(page, user);
    await use(user);
  },
});

export { expect };
