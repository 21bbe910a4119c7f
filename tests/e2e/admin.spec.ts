import { mkdirSync } from "node:fs";
import { type APIRequestContext, test as base, expect, type Page, request } from "@playwright/test";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { build } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// The operator's page (issue 40, decision 0136): a marked operator lets the waitlist in, sees a reported post in the
// queue, removes it with an explanation, and the author gets a statement of reasons; everyone else gets the app's
// not-found screen. On a server of its own: letting "the next N" in would otherwise admit other specs' men from the
// shared waitlist while their tests run.

type OwnApp = Awaited<ReturnType<typeof startOwnServer>>;

const test = base.extend<object, { ownApp: OwnApp }>({
  ownApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a function needs from this pattern.
    async ({}, use, workerInfo) => {
      const own = await startOwnServer({
        offset: 60,
        parallelIndex: workerInfo.parallelIndex,
        env: {},
        sharedBuild: true,
      });
      await use(own);
      own.stop();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ ownApp }, use) => use(ownApp.url),
});

test.describe.configure({ mode: "serial" });
// axe is injected as a script of the test's own, which the app's CSP would refuse.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

async function mailTo(own: OwnApp, to: string, subject?: RegExp) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`${own.mailApi}/?to=${encodeURIComponent(to)}`)).json()) as CapturedMail[];
    const found = mails.filter((m) => !subject || subject.test(m.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * A confirmed, signed-in account on the own server, made by its builders (decision 0174; the screens have their own
 * tests): signed in on `page` when given, else as an API client of its own.
 */
async function account(own: OwnApp, firstName: string, page?: Page) {
  const user = await build("account", { firstName }, own.mailApi);
  const session = await build("session", { email: user.email }, own.mailApi);
  const cookie = { ...session, httpOnly: true, secure: false, sameSite: "Lax" as const };
  if (page) {
    await page.context().addCookies([{ ...cookie, url: own.url }]);
    return { ...user, api: page.request };
  }
  const api = await request.newContext({
    baseURL: own.url,
    extraHTTPHeaders: { origin: own.url },
    storageState: { cookies: [{ ...cookie, domain: new URL(own.url).hostname, path: "/", expires: -1 }], origins: [] },
  });
  return { ...user, api };
}

async function post(api: APIRequestContext, own: OwnApp, path: string, data: unknown) {
  const response = await api.post(path, { headers: { origin: own.url }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

async function screenshot(page: Page, name: string) {
  const folder = "test-results/screenshots";
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}-${test.info().project.name}.png`, fullPage: true });
}

test("a member who is no operator, and a visitor, get the app's not-found screen at /admin", async ({
  page,
  ownApp,
}) => {
  const visitor = await page.request.get("/api/admin/overview");
  expect(visitor.status()).toBe(404);
  await page.goto("/admin");
  await expect(page).toHaveURL(`${ownApp.url}/`);

  await account(ownApp, "Nils", page);
  // Signed in, an unknown path goes to the dashboard (which sends a man without a plan on to his next step): so
  // does /admin, with nothing of the page shown on the way.
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto("/admin");
  await expect(page).not.toHaveURL(/\/admin$/);
  expect(visited).toContain("/dashboard");
  await expect(page.getByRole("heading", { name: "Community desk" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/queue")).status()).toBe(404);
});

test("the operator lets the waitlist in, removes a reported post, and its author gets a statement of reasons", async ({
  page,
  ownApp,
}) => {
  test.setTimeout(120_000);
  const author = await account(ownApp, "Rolf");
  const reporter = await account(ownApp, "Sven");
  await build("validatedRun", { email: author.email }, ownApp.mailApi);
  for (const man of [author, reporter]) {
    await post(man.api, ownApp, "/api/community/waitlist", { name: man.firstName });
  }
  const operator = await account(ownApp, "Olga", page);
  const marked = await (await fetch(`${ownApp.mailApi}/operator?email=${encodeURIComponent(operator.email)}`)).json();
  expect(marked).toEqual({ change: "marked" });

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Community desk" })).toBeVisible();
  await page.getByLabel("How many to let in").fill("5");
  await page.getByRole("button", { name: "Let them in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Let in 2 people" })).toContainText("(#1–#2)");

  // The author shares his run; the reporter reports it.
  const shared = await post(author.api, ownApp, "/api/community/posts", { kind: "run", text: "Buy my course today" });
  await post(reporter.api, ownApp, `/api/community/posts/${shared.post.id}/report`, {
    reason: "spam",
    note: "Advertising, not a win.",
  });

  await page.reload();
  const card = page.getByRole("article", { name: "Post by Rolf" });
  await expect(card).toContainText("Buy my course today");
  await expect(card).toContainText("Spam or advertising");
  await expect(card).toContainText("Advertising, not a win.");
  await screenshot(page, "admin-queue");
  expect(await axeViolations(page)).toEqual([]);

  // Remove needs an explanation: the author reads it.
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  const explanation = card.getByLabel("Explanation for the author (required to remove or suspend)");
  await expect(card.getByRole("alert")).toHaveText(
    "Please explain the decision: the author reads it in the statement of reasons.",
  );
  await expect(explanation).toHaveAttribute("aria-invalid", "true");
  await explanation.fill("The post advertises a paid course; the community is for wins, not sales.");
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText("Nothing to decide: no open reports.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Decisions" })).toContainText("Removed: post by Rolf");

  const statement = await mailTo(ownApp, author.email, /Statement of reasons/);
  expect(statement.text).toContain("The post advertises a paid course");
  expect(statement.text).toContain("No automated means were used");
  // Gone for everyone.
  for (const man of [author, reporter]) {
    const feed = await (await man.api.get("/api/community/feed")).json();
    expect(feed.posts.map((p: { id: string }) => p.id)).not.toContain(shared.post.id);
  }
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "admin-after-decision");
});
