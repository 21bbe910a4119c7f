import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { partnerMessages } from "#shared/partners/rules.ts";
import { addDays } from "#shared/time.ts";
import { E2E } from "../support/e2e-ports.ts";
import { uniqueEmail } from "../support/personas.ts";
import { expect, gotoHydrated, reloadHydrated, test, waitForMail } from "./fixtures.ts";
import { acceptedPlan, apiPatch, apiPost, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// The accountability partner (issue 25, decision 0106): he invites from the dashboard, the partner opens the e-mail's
// link in a browser of his own, confirms, sees the plan and cheers; he sees the cheer, dismisses it and removes the
// partner, whose link then opens nothing. At both widths: the card, the partner's page and Settings change layout.

test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

// The cookie banner has its own tests; here it would only cover the lower half of a phone's screen.
test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

/** The partner's own browser: same screen as the project's, no cookies or storage of his, no consent stored. */
async function partnerBrowser(browser: Browser, timezoneId?: string) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    bypassCSP: true,
    reducedMotion: "reduce",
    timezoneId,
  });
  const page = await context.newPage();
  return { context, page };
}

const scan = async (page: Page, what: string) => expect(await axeViolations(page), what).toEqual([]);

test("he invites a partner, who confirms from the e-mail, sees the plan and cheers, no cookie card over its button (issue 35 row 11); then he removes him", async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.setTimeout(120_000);
  const { challenge } = await acceptedPlan(page);
  const { mission } = await (await page.request.get("/api/dashboard")).json();
  const lifeMission: string = mission.lifeMission;
  const samEmail = uniqueEmail("sam");

  // The card: why, and the form, checked in the browser with the server's messages.
  await gotoHydrated(page, "/dashboard");
  const card = page.getByRole("region", { name: "Accountability partner", exact: true });
  await expect(card.getByText(/Your plan says it: tell one person you trust/)).toBeVisible();
  await scan(page, "the card without a partner");
  await card.getByRole("button", { name: "Send invitation" }).click();
  await expect(card.getByText(partnerMessages.firstNameRequired)).toBeVisible();
  await expect(card.getByText(partnerMessages.emailRequired)).toBeVisible();
  await card.getByLabel("Partner's first name").fill("Sam");
  await card.getByLabel("Partner's email").fill("sam@");
  await card.getByRole("button", { name: "Send invitation" }).click();
  await expect(card.getByText(partnerMessages.emailInvalid)).toBeVisible();
  await card.getByLabel("Partner's email").fill(samEmail);
  await card.getByRole("button", { name: "Send invitation" }).click();
  await expect(card.getByText("Waiting for Sam to confirm")).toBeVisible();
  // His one free partner is taken: the way to Premium instead of a second form.
  await expect(card.getByText(partnerMessages.freeLimit)).toBeVisible();
  await expect(card.getByRole("link", { name: "See Premium" })).toHaveAttribute("href", "/dashboard/premium");
  await expectNoSidewaysScroll(page);

  const invitation = await waitForMail(samEmail, (mail) => mail.subject.startsWith("Marcus asked you"));
  const link = invitation.links.find((l) => l.includes("/partner/view/"));
  expect(link, "the invitation's link").toBeTruthy();

  // Sam, in a browser of his own, without an account.
  const sam = await partnerBrowser(browser);
  const partner = sam.page;
  expect((await gotoHydrated(partner, link!))?.status()).toBe(200);
  await expect(partner.getByRole("heading", { name: "Marcus invited you to keep an eye on his plan" })).toBeVisible();
  await expect(partner.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(partner.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  // Nothing of the plan before he says yes.
  await expect(partner.getByText(lifeMission)).toHaveCount(0);
  // Nothing covers his one button: no cookie card on a page that sets no cookie to ask about (issue 35 row 11).
  await expect(partner.getByRole("region", { name: "Our website uses cookies" })).toHaveCount(0);
  await expect(partner.getByRole("button", { name: "I'll keep an eye on Marcus's plan" })).toBeInViewport();
  await expectNoSidewaysScroll(partner);
  await scan(partner, "the invitation");

  await partner.getByRole("button", { name: "I'll keep an eye on Marcus's plan" }).click();
  await expect(partner.getByRole("heading", { name: "Marcus's plan" })).toBeFocused();
  // His mission in the third person (issue 35 row 3): the partner never reads "your" about Marcus's life.
  const missionShown = partner.getByRole("region", { name: "Marcus's life mission" });
  await expect(missionShown).toContainText(/\bhis\b/);
  await expect(missionShown).not.toContainText(/\b(you|your|yours)\b/i);
  await expect(partner.getByText(lifeMission)).toHaveCount(0);
  await expect(partner.getByRole("heading", { name: challenge.title })).toBeVisible();
  await expect(partner.getByTestId("partner-milestone")).toHaveCount(challenge.milestones.length);
  await expectNoSidewaysScroll(partner);
  await scan(partner, "the plan");

  const cheer = "Proud of you, Marcus. Keep going!";
  await partner.getByLabel("Your cheer for Marcus").fill(cheer);
  await expect(partner.getByText(`${cheer.length}/280`)).toBeVisible();
  await partner.getByRole("button", { name: "Send cheer" }).click();
  await expect(partner.getByText("Sent! Marcus will see it on his dashboard.")).toBeVisible();
  await expect(partner.getByText("4 cheers left today.")).toBeVisible();
  await scan(partner, "the cheer sent");

  // Back with Marcus: the cheer with Sam's name, and Sam keeping an eye on the plan.
  await gotoHydrated(page, "/dashboard");
  const shown = page.getByTestId("cheer");
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText(cheer)).toBeVisible();
  await expect(shown.getByText("Sam", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Sam is keeping an eye on your plan · last looked/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, "the card with a partner and a cheer");
  // Gone at once; kept gone once the server has it (a reload before that would abort the request).
  const dismissed = page.waitForResponse(
    (r) => r.url().includes("/api/partner/cheers/") && r.request().method() === "DELETE",
  );
  await page.getByRole("button", { name: "Dismiss Sam's cheer" }).click();
  await expect(shown).toHaveCount(0);
  expect((await dismissed).ok()).toBe(true);
  await reloadHydrated(page);
  await expect(card.getByText(/^Sam is keeping an eye on your plan/)).toBeVisible();
  await expect(shown).toHaveCount(0);

  // Settings: remove him, after a confirmation that says the link stops working.
  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByRole("region", { name: "Accountability partners" });
  await expect(section.getByText(samEmail)).toBeVisible();
  await expect(section.getByText(/^Last opened/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, "settings");
  await section.getByRole("button", { name: "Remove Sam" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Sam?" });
  await expect(dialog.getByText(/Sam's link stops working at once/)).toBeVisible();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(section.getByText("You have not invited anyone yet.")).toBeVisible();

  // His link now opens nothing: 404, like any unknown page, with the app saying so.
  expect((await partner.reload())?.status()).toBe(404);
  await expect(partner.getByRole("heading", { name: "This link is not valid any more" })).toBeVisible();
  await expectNoSidewaysScroll(partner);
  await scan(partner, "the link not valid");
  await sam.context.close();
});

test("a made-up partner link and a forged unsubscribe link say they are not valid", async ({ page }) => {
  const madeUp = "/partner/view/bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtbm8tbm8tbm8tbm8";
  // The server's HTML says so already: on a slow phone he never reads "Loading the plan..." first.
  const html = await (await page.request.get(madeUp)).text();
  expect(html).toContain("This link is not valid any more");
  expect(html).not.toContain("Loading the plan...");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/partner-view/")) asked.push(request.url());
  });
  expect((await gotoHydrated(page, madeUp))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is not valid any more" })).toBeVisible();
  // What the server found is not asked again by the page.
  expect(asked).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.goto("/partner/unsubscribe?token=forged.token");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page.getByText(partnerMessages.unsubscribeInvalid)).toBeVisible();
});

/** The fixture run moved to have started three hours ago: a milestone takes an activity of the last seven days. */
function runOfThreeHoursAgo() {
  const text = readFileSync(new URL("../fixtures/activity/run.gpx", import.meta.url), "utf8");
  const shift = Date.now() - 3 * 3_600_000 - Date.parse("2026-03-14T08:00:00Z");
  const moved = text.replace(
    /<time>([^<]+)<\/time>/g,
    (_, time: string) => `<time>${new Date(Date.parse(time) + shift).toISOString()}</time>`,
  );
  const startedAt = /<time>([^<]+)<\/time>/.exec(moved)?.[1] ?? "";
  return { file: { name: "run.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(moved) }, startedAt };
}

test("issue 53 row 13: the partner's page shows his run in his time zone, with no console error, from Tokyo, Berlin and New York", async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.setTimeout(120_000);
  const { challenge } = await acceptedPlan(page);
  // His settings say Berlin; the server renders in his zone, whatever the partner's browser is set to.
  await apiPatch(page, "/api/reminders/settings", { timeZone: "Europe/Berlin" });
  const run = runOfThreeHoursAgo();
  const proved = await page.request.post(`/api/milestones/${challenge.milestones[0]!.id}/proof`, {
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    // His first milestone is not about moving: he says yes to a run as its proof (issue 53 row 11).
    multipart: { file: run.file, confirmMismatch: "true" },
  });
  expect(proved.status(), await proved.text()).toBe(201);
  const samEmail = uniqueEmail("sam");
  await apiPost(page, "/api/partner/invitations", { firstName: "Sam", email: samEmail });
  const invitation = await waitForMail(samEmail, (mail) => mail.subject.startsWith("Marcus asked you"));
  const link = invitation.links.find((l) => l.includes("/partner/view/"))!;
  const hisTime = new Date(run.startedAt).toLocaleString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
  });

  let confirmed = false;
  for (const zone of ["Asia/Tokyo", "Europe/Berlin", "America/New_York"]) {
    const sam = await partnerBrowser(browser, zone);
    const errors: string[] = [];
    sam.page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    sam.page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(sam.page, link);
    if (!confirmed) {
      await sam.page.getByRole("button", { name: "I'll keep an eye on Marcus's plan" }).click();
      await expect(sam.page.getByRole("heading", { name: "Marcus's plan" })).toBeVisible();
      confirmed = true;
      // The page the server renders with the plan, which is what hydration must agree with.
      await reloadHydrated(sam.page);
    }
    await expect(sam.page.getByTestId("partner-proof").getByTestId("activity-summary")).toContainText(hisTime);
    expect(errors, `console errors in ${zone}`).toEqual([]);
    await sam.context.close();
  }
});

test("issue 55: the partner sees his screen-time trend only once he allows it: the one number and the weeks, light and readable", async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.setTimeout(120_000);
  await acceptedPlan(page);
  // His check-ins around the server's today: his start three weeks ago, then two in the last 14 days (320, 280).
  const { today } = await (await page.request.get("/api/dashboard")).json();
  for (const [day, minutes] of [
    [addDays(today, -21), 400],
    [addDays(today, -7), 320],
    [today, 280],
  ] as const) {
    const saved = await page.request.put(`/api/screen-time/days/${day}`, {
      headers: { origin: E2E.baseUrl },
      data: { minutes, period: "day", source: "typed" },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const samEmail = uniqueEmail("sam");
  await apiPost(page, "/api/partner/invitations", { firstName: "Sam", email: samEmail });
  const invitation = await waitForMail(samEmail, (mail) => mail.subject.startsWith("Marcus asked you"));
  const link = invitation.links.find((l) => l.includes("/partner/view/"))!;

  const sam = await partnerBrowser(browser);
  const partner = sam.page;
  const errors: string[] = [];
  partner.on("pageerror", (error) => errors.push(error.message));
  await gotoHydrated(partner, link);
  await partner.getByRole("button", { name: "I'll keep an eye on Marcus's plan" }).click();
  await expect(partner.getByRole("heading", { name: "Marcus's plan" })).toBeFocused();
  // Off until he allows it.
  await expect(partner.getByRole("heading", { name: "Screen time" })).toHaveCount(0);

  await apiPatch(page, "/api/reminders/settings", { partnerSeesScreenTime: true });
  await reloadHydrated(partner);
  const section = partner.getByTestId("partner-screen-time");
  await expect(section.getByRole("heading", { name: "Screen time" })).toBeVisible();
  // 400 − (320 + 280) / 2, about him and never "you".
  await expect(section).toContainText("Marcus took back 1 h 40 min a day");
  await expect(section).toContainText("Against his start of 6 h 40 min a day, based on 2 check-ins.");
  await expect(section).not.toContainText(/\b(you|your)\b/i);
  const weeks = section.getByRole("list", { name: "Daily screen time, week by week" }).getByRole("listitem");
  await expect(weeks).toHaveCount(12);
  await expect(weeks.last()).toHaveText(/: 4 h 40 min a day$/);
  await expectNoSidewaysScroll(partner);
  await scan(partner, "the plan with his screen time");
  await section.scrollIntoViewIfNeeded();
  await partner.screenshot({ path: test.info().outputPath("partner-screen-time.png"), fullPage: true });
  await section.screenshot({ path: test.info().outputPath("partner-screen-time-section.png") });

  await apiPatch(page, "/api/reminders/settings", { partnerSeesScreenTime: false });
  await reloadHydrated(partner);
  await expect(partner.getByRole("heading", { name: "Marcus's plan" })).toBeVisible();
  await expect(partner.getByTestId("partner-screen-time")).toHaveCount(0);
  expect(errors).toEqual([]);
  await sam.context.close();
});
