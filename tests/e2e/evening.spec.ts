import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { expect, gotoHydrated, planOutboxNow, reloadHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, expectNoSidewaysScroll } from "./onboarding-helpers.ts";

// The evening (issue 55): the phone-down time in Settings, suggested from his first quiz answer (Marcus wrote "until
// midnight"), the check-in and partner switches, and the page an evening e-mail's one-tap link opens.

test.use({ timezoneId: "UTC" });

async function mailsTo(email: string): Promise<CapturedMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`);
  return response.json();
}

/** A full-page picture in the test's output folder, to look at (step 7 of the brief: every screen changed, both widths). */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

// Each test runs at 360 px (mobile) and 1280 px (desktop), the projects of playwright.config.ts.
test("Settings: the phone-down time from his quiz answer, on and off, and the screen-time switches", async ({
  page,
  signedIn: _,
}) => {
  const width = page.viewportSize()?.width;
  await acceptedPlan(page);
  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByRole("region", { name: "Reminders" });
  await expect(section.getByText("You wrote “until midnight” about your evenings, so we suggest")).toBeVisible();
  const time = section.getByLabel("Phone-down time");
  await expect(time).toHaveValue("23:30");
  const checkIn = section.getByRole("switch", { name: "Weekly screen-time check-in" });
  const partner = section.getByRole("switch", { name: "My partner sees my screen-time trend" });
  await expect(checkIn).toHaveAttribute("aria-checked", "true");
  await expect(partner).toHaveAttribute("aria-checked", "false");
  await section.getByRole("heading", { name: "Evenings" }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: test.info().outputPath(`settings-off-${width}.png`) });

  await time.fill("22:45");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByText("On: every evening at 22:45 your time.")).toBeVisible();
  // A switch moves at once and saves in the background: the reload waits for both saves' answers, or it would
  // cancel the second one still on its way.
  const savedSwitch = () =>
    page.waitForResponse((r) => r.url().endsWith("/api/reminders/settings") && r.request().method() === "PATCH");
  let saved = savedSwitch();
  await partner.click();
  await expect(partner).toHaveAttribute("aria-checked", "true");
  await saved;
  saved = savedSwitch();
  await checkIn.click();
  await expect(checkIn).toHaveAttribute("aria-checked", "false");
  await saved;
  await reloadHydrated(page);
  await expect(section.getByLabel("Phone-down time")).toHaveValue("22:45");
  await expect(partner).toHaveAttribute("aria-checked", "true");
  await expect(checkIn).toHaveAttribute("aria-checked", "false");
  await section.getByRole("heading", { name: "Evenings" }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: test.info().outputPath(`settings-on-${width}.png`) });

  await section.getByLabel("Phone-down time").fill("21:15");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("On: every evening at 21:15 your time.")).toBeVisible();
  await section.getByRole("button", { name: "Turn off" }).click();
  await expect(section.getByRole("button", { name: "Turn on" })).toBeVisible();
});

test("the evening e-mail's link opens a page whose one button records Phone down, once", async ({
  page,
  signedIn: user,
}) => {
  await gotoHydrated(page, "/dashboard");
  // A phone-down time two minutes ago on his clock (UTC here): due at the next planning tick, within its 2 hours. The
  // tick runs now rather than at the schedule's next minute (reminders.spec.ts waits for the schedule).
  const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString().slice(11, 16);
  await apiPatch(page, "/api/reminders/settings", { timeZone: "UTC", phoneDownAt: twoMinutesAgo });
  await planOutboxNow();
  await expect
    .poll(async () => (await mailsTo(user.email)).filter((m) => m.subject === "Phone down.").length, {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(1);
  const [mail] = (await mailsTo(user.email)).filter((m) => m.subject === "Phone down.");
  const link = mail!.links.find((l) => l.includes("/phone-down?token="));
  expect(link).toBeTruthy();

  // Opened from the e-mail, signed out as a phone's mail app would be: the page asks; nothing is recorded yet.
  await page.context().clearCookies();
  const width = page.viewportSize()?.width;
  await gotoHydrated(page, link!);
  await expect(page.getByRole("heading", { name: "Phone down?" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, `page-ask-${width}`);
  await page.getByRole("button", { name: "Phone down" }).click();
  await expect(page.getByRole("heading", { name: "Counted" })).toBeVisible();
  await expect(page.getByText(/^Counted for /)).toBeVisible();
  await expect(page.getByText("Your streak: 1 week. This week counts.")).toBeVisible();
  await shoot(page, `page-done-${width}`);

  await reloadHydrated(page);
  await expect(page.getByRole("heading", { name: "Already counted" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, `page-already-${width}`);
  expect((await mailsTo(user.email)).filter((m) => m.subject === "Phone down.")).toHaveLength(1);
});

test("a broken phone-down link says so", async ({ page }) => {
  await gotoHydrated(page, "/phone-down?token=bm9ib2R5.2026-11-29.1.forged");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page.getByText("This link is not valid.")).toBeVisible();
  await shoot(page, `page-invalid-${page.viewportSize()?.width}`);
});
