import type { Browser, Page } from "@playwright/test";
import { partnerMessages } from "#shared/partners/rules.ts";
import { E2E } from "../support/e2e-ports.ts";
import { uniqueEmail } from "../support/personas.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { expect, gotoHydrated, planOutboxNow, test, waitForMail } from "./fixtures.ts";
import { acceptedPlan, apiPatch, apiPost, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Issue 35 row 10, decision 0125: a partner e-mail's "Send Marcus a cheer" button. The e-mail comes from the real job
// queue (its planning tick run at once, planOutboxNow); the partner opens its link in a browser of his own, sees what he cheers, and one tap
// sends the cheer, which Marcus then sees on his dashboard as any cheer from the partner's page.

/** A fixed-offset zone where it is between noon and 14:00 now: partner e-mails go out 08:00–22:00 on his clock. */
const offsetHours = 12 - new Date().getUTCHours() || 1;
test.use({
  timezoneId: `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`,
  bypassCSP: true,
  contextOptions: { reducedMotion: "reduce" },
});

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

async function mailsTo(email: string): Promise<CapturedMail[]> {
  return (await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`)).json();
}

/** The partner's own browser: same screen as the project's, nothing of Marcus's. */
async function partnerBrowser(browser: Browser) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    timezoneId,
    bypassCSP: true,
    reducedMotion: "reduce",
  });
  return { context, page: await context.newPage() };
}

const scan = async (page: Page, what: string) => expect(await axeViolations(page), what).toEqual([]);

test("issue 35 row 10: the partner opens the cheer button of a 'milestone completed' e-mail and one tap sends Marcus the cheer", async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  const { challenge } = await acceptedPlan(page);
  // The dashboard tells the server his time zone, which decides when his partner hears news.
  await gotoHydrated(page, "/dashboard");
  const samEmail = uniqueEmail("sam");
  await apiPost(page, "/api/partner/invitations", { firstName: "Sam", email: samEmail });
  const invitation = await waitForMail(samEmail, (mail) => mail.subject.startsWith("Marcus asked you"));
  const viewLink = invitation.links.find((l) => l.includes("/partner/view/"))!;

  const sam = await partnerBrowser(browser);
  const partner = sam.page;
  await gotoHydrated(partner, viewLink);
  await partner.getByRole("button", { name: "I'll keep an eye on Marcus's plan" }).click();
  await expect(partner.getByRole("heading", { name: "Marcus's plan" })).toBeVisible();

  const milestone = challenge.milestones[0]!;
  await apiPatch(page, `/api/milestones/${milestone.id}`, { milestoneCompleted: true });
  // The tick the schedule runs every minute, run now: the e-mail still goes through the queue to the SMTP sink.
  await planOutboxNow();
  await expect
    .poll(async () => (await mailsTo(samEmail)).filter((m) => m.subject === "Marcus completed a milestone").length, {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(1);
  const [news] = (await mailsTo(samEmail)).filter((m) => m.subject === "Marcus completed a milestone");
  const cheerLink = news!.links.find((l) => l.includes("/partner/cheer?token="));
  expect(cheerLink, "the e-mail's cheer button").toBeTruthy();
  expect(news!.text).toMatch(/>Send Marcus a cheer<\/a>/);

  // Opening the link sends nothing: it shows what he cheers, with a suggestion in the field.
  expect((await partner.goto(cheerLink!))?.status()).toBe(200);
  await expect(partner.getByRole("heading", { name: "Send Marcus a cheer" })).toBeVisible();
  await expect(partner.getByTestId("cheer-about")).toContainText(`Marcus completed the`);
  await expect(partner.getByTestId("cheer-about")).toContainText(challenge.title);
  await expect(partner.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(partner.getByLabel("Your cheer for Marcus")).toHaveValue("Well done, Marcus! Keep going.");
  await expect(partner.getByRole("button", { name: "Send cheer" })).toBeInViewport();
  await expect(partner.getByText("5 cheers left today.")).toBeVisible();
  await expectNoSidewaysScroll(partner);
  await scan(partner, "the cheer page");

  await partner.getByRole("button", { name: "Send cheer" }).click();
  await expect(partner.getByText("Sent! Marcus will see it on his dashboard.")).toBeVisible();
  await expect(partner.getByText("4 cheers left today.")).toBeVisible();
  await scan(partner, "the cheer sent");

  // Marcus gets it exactly as a cheer from the partner's page: once, with Sam's name.
  await gotoHydrated(page, "/dashboard");
  const shown = page.getByTestId("cheer");
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText("Well done, Marcus! Keep going.")).toBeVisible();
  await expect(shown.getByText("Sam", { exact: true })).toBeVisible();
  await sam.context.close();
});

test("issue 35 row 10: a changed cheer link says it is not valid", async ({ page }) => {
  await page.goto("/partner/cheer?token=00000000-0000-4000-8000-000000000000..4102444800.forged");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page.getByText(partnerMessages.cheerLinkInvalid)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto("/partner/cheer");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
});
