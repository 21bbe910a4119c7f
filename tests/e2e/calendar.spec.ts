import { expect, gotoHydrated, reloadHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, expectNoSidewaysScroll } from "./onboarding-helpers.ts";

// The private calendar feed on the settings page (issue 14): create the link, add it to a calendar, see the
// milestones in it, renew it (the old link dies), turn it off.

const STEP = "Book the first coaching session";

test("he creates his calendar link, his calendar shows his dated milestones, and a new link ends the old one", async ({
  page,
  request,
  signedIn: _,
}) => {
  const { challenge } = await acceptedPlan(page);
  const [first] = challenge.milestones;
  await apiPatch(page, "/api/milestones", { milestones: [{ id: first!.id, milestoneDeadline: "2031-03-01" }] });
  await apiPatch(page, `/api/milestones/${first!.id}`, { milestoneDescription: STEP });

  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByRole("region", { name: "Calendar" });
  await section.getByRole("button", { name: "Create my calendar link" }).click();
  const link = section.getByLabel("Your private calendar link");
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await link.inputValue();

  const google = section.getByRole("link", { name: "Add to Google Calendar" });
  await expect(google).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(url.replace(/^https?:/, "webcal:"))}`,
  );
  await expect(section.getByRole("link", { name: "Add to Apple or Outlook" })).toHaveAttribute(
    "href",
    url.replace(/^https?:/, "webcal:"),
  );
  await expectNoSidewaysScroll(page);

  // What a calendar app fetches: no session, only the link.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, "");
  expect(ics).toContain("DTSTART;VALUE=DATE:20310301");
  // Titled with the step itself (issue 53 row 14).
  expect(ics).toContain(`SUMMARY:${STEP}`);

  // The link survives a reload: it is his until he changes it.
  await reloadHydrated(page);
  await expect(link).toHaveValue(url);

  await section.getByRole("button", { name: "Get a new link" }).click();
  const dialog = page.getByRole("dialog", { name: "Get a new calendar link?" });
  await dialog.getByRole("button", { name: "Get a new link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("New calendar link ready. The old one no longer works.")).toBeVisible();
  await expect(link).not.toHaveValue(url);
  expect((await request.get(url)).status()).toBe(404);
  const renewed = await link.inputValue();
  expect((await request.get(renewed)).status()).toBe(200);

  await section.getByRole("button", { name: "Turn off" }).click();
  await page
    .getByRole("dialog", { name: "Turn off your calendar link?" })
    .getByRole("button", { name: "Turn off" })
    .click();
  await expect(section.getByRole("button", { name: "Create my calendar link" })).toBeVisible();
  expect((await request.get(renewed)).status()).toBe(404);
});
