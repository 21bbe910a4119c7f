import { E2E } from "../support/e2e-ports.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, expectNoSidewaysScroll } from "./onboarding-helpers.ts";

// Reminder e-mails (issue 14): the settings switches, the browser's time zone, a real reminder from the job queue
// the day before a milestone is due, and the one-click unsubscribe page.

/**
 * A fixed-offset zone where it is between noon and 14:00 now, so the day-before reminder (08:00–22:00 local) is due
 * whatever hour the suite runs at. UTC+0 is skipped for UTC+1 so the zone keeps the `Etc/GMT±N` name the page shows.
 * (It used to pick UTC+12 at 12:xx UTC: local midnight, no reminder, a red CI for that hour.)
 */
const offsetHours = 12 - new Date().getUTCHours() || 1;
const zone = `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`;
test.use({ timezoneId: zone });

function localDay(daysAhead: number) {
  return new Date(Date.now() + offsetHours * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

async function mailsTo(email: string): Promise<CapturedMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`);
  return response.json();
}

test("a milestone due tomorrow brings one reminder e-mail, and its link unsubscribes him", async ({
  page,
  signedIn: user,
}) => {
  // The queue plans once a minute: the reminder can take that long to arrive.
  test.setTimeout(180_000);
  const { challenge } = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: [{ id: challenge.milestones[0]!.id, milestoneDeadline: localDay(1) }],
  });

  // The dashboard tells the server his time zone; the settings page shows it.
  await gotoHydrated(page, "/dashboard");
  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByRole("region", { name: "Reminders" });
  await expect(section.getByText(`Your time zone: ${zone}.`)).toBeVisible();
  await expect(section.getByRole("switch", { name: "Deadline reminders" })).toHaveAttribute("aria-checked", "true");
  await expect(section.getByRole("switch", { name: "Weekly summary" })).toHaveAttribute("aria-checked", "true");
  await expectNoSidewaysScroll(page);

  await expect
    .poll(async () => (await mailsTo(user.email)).filter((m) => m.subject.startsWith("Due tomorrow")).length, {
      timeout: 150_000,
      intervals: [1_000],
    })
    .toBe(1);
  const [reminder] = (await mailsTo(user.email)).filter((m) => m.subject.startsWith("Due tomorrow"));
  expect(reminder!.subject).toBe(`Due tomorrow: ${challenge.title}`);
  const link = reminder!.links.find((l) => l.includes("/unsubscribe?token="));
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Stop deadline reminders?" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

  await page.getByRole("link", { name: "Open Settings" }).click();
  await expect(section.getByRole("switch", { name: "Deadline reminders" })).toHaveAttribute("aria-checked", "false");
  // A second planning minute passes without a second copy.
  expect((await mailsTo(user.email)).filter((m) => m.subject.startsWith("Due tomorrow"))).toHaveLength(1);
});

test("his reminder switches save at once and survive a reload", async ({ page, signedIn: _ }) => {
  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByRole("region", { name: "Reminders" });
  const weekly = section.getByRole("switch", { name: "Weekly summary" });
  await expect(weekly).toHaveAttribute("aria-checked", "true");
  await weekly.click();
  await expect(weekly).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Reminder settings saved.")).toBeVisible();
  await page.reload();
  await expect(weekly).toHaveAttribute("aria-checked", "false");
  await expect(section.getByRole("switch", { name: "Deadline reminders" })).toHaveAttribute("aria-checked", "true");
});

test("a broken unsubscribe link says so and changes nothing", async ({ page }) => {
  await page.goto("/unsubscribe?token=bm9ib2R5.deadlines.forged");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    page.getByText("This unsubscribe link is not valid. You can turn reminders off in Settings."),
  ).toBeVisible();
  await page.goto("/unsubscribe");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
});
