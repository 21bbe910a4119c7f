import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, apiPost, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Back on track (issue 27, decision 0108): a missed milestone re-planned from its card, or from the overdue e-mail's
// link. The server's clock is the real one and refuses a past date, so the milestone is missed on HIS calendar: he
// lives on Kiritimati (UTC+14), where the earliest date anyone on earth may still pick (today at UTC−12) is always
// behind him, at whatever hour the tests run.
const ZONE = "Pacific/Kiritimati";
// bypassCSP: axe is injected into the page to check the dialog.
test.use({ timezoneId: ZONE, bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** His first challenge accepted, its immediate milestone dated on a day he has already lived through. */
async function missedMilestone(page: Page) {
  const { challenge } = await acceptedPlan(page);
  const now = Date.now();
  const missedDay = day(now - 12 * 3_600_000);
  const [immediate, short, medium] = challenge.milestones;
  await apiPatch(page, "/api/reminders/settings", { timeZone: ZONE });
  await apiPatch(page, "/api/milestones", {
    milestones: [
      { id: immediate!.id, milestoneDeadline: missedDay },
      { id: short!.id, milestoneDeadline: day(now + 30 * 86_400_000) },
      { id: medium!.id, milestoneDeadline: day(now + 90 * 86_400_000) },
    ],
  });
  const dashboard = await (await page.request.get("/api/dashboard")).json();
  const description: string = dashboard.challenges[0].milestones[0].milestoneDescription;
  return { id: immediate!.id, description, latest: day(now + 90 * 86_400_000) };
}

test("a missed milestone is back on track in two taps: a new date and new todos", async ({ page, signedIn: _ }) => {
  const { description } = await missedMilestone(page);
  await gotoHydrated(page, "/dashboard");
  const card = page.getByTestId("milestone").first();
  await expect(card).toContainText("(Overdue)");
  const panel = card.getByTestId("replan");
  await expect(panel.getByRole("heading", { name: "Missed this date? Re-plan it." })).toBeVisible();
  await expect(panel).toContainText("Your first re-plan of this milestone is free.");
  await expectNoSidewaysScroll(page);

  // Tap one: what got in the way.
  await panel.getByRole("button", { name: "The step was too big" }).click();
  const dialog = page.getByRole("dialog", { name: "Your re-plan" });
  await expect(dialog).toBeVisible();
  const step = await dialog.getByLabel("Next step").inputValue();
  expect(step).not.toBe(description);
  const date = await dialog.getByLabel("New date").inputValue();
  const todos = await Promise.all([1, 2, 3].map((n) => dialog.getByLabel(`Todo ${n}`).inputValue()));
  expect(todos.every((todo) => todo.length > 5)).toBe(true);
  expect(await axeViolations(page), "re-plan dialog").toEqual([]);
  await expectNoSidewaysScroll(page);

  // Tap two: accept.
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).not.toContainText("(Overdue)");
  await expect(card.getByTestId("replan")).toHaveCount(0);
  await expect(card).toContainText(step);
  const [y, m, d] = date.split("-").map(Number);
  const shown = new Date(y!, m! - 1, d!).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  await expect(card).toContainText(`Due ${shown}`);
  await expect(card.getByRole("checkbox")).toHaveCount(3);
  for (const todo of todos) await expect(card.getByRole("checkbox", { name: todo, exact: true })).toBeVisible();

  // It stays so after a reload: the server holds it.
  await page.reload();
  await expect(page.getByTestId("milestone").first()).toContainText(step);
});

test("issue 35 row 8: his words come before the reasons; edits are checked against the challenge's time; a dismissed re-plan leaves the milestone as it was", async ({
  page,
  signedIn: _,
}) => {
  const { description, latest } = await missedMilestone(page);
  await gotoHydrated(page, "/dashboard");
  const card = page.getByTestId("milestone").first();
  const panel = card.getByTestId("replan");
  // Read top to bottom, the words box comes first: a reason sends at once, so the words must be typed before.
  await expect(panel.locator("input, button").first()).toHaveAccessibleName("In your own words (optional)");
  await panel.getByLabel("In your own words (optional)").fill("Night shifts all week");
  await panel.getByRole("button", { name: "Something else" }).click();
  const dialog = page.getByRole("dialog", { name: "Your re-plan" });
  await expect(dialog).toContainText("Something else — “Night shifts all week”");
  await expect(dialog.getByLabel("Todo 1")).toHaveValue(/“Night shifts all week”/);

  const after = day(Date.parse(`${latest}T12:00:00Z`) + 86_400_000);
  await dialog.getByLabel("New date").fill(after);
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog.getByRole("alert")).toContainText(`and ${latest}, within your challenge's remaining time.`);
  await dialog.getByLabel("Todo 2").fill("   ");
  await expect(dialog.getByText("A todo cannot be empty.")).toBeVisible();

  // Closed without an answer, the proposal waits on the card.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText("A smaller next step is waiting for your answer.");
  await panel.getByRole("button", { name: "Review re-plan" }).click();
  await dialog.getByRole("button", { name: "Dismiss" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(description);
  await expect(card).toContainText("(Overdue)");
  // The free re-plan is used: the next one costs a token.
  await expect(panel).toContainText("A re-plan uses 1 token.");
});

test("an answer of the dashboard sent before his re-plan existed neither closes the dialog nor undoes his edits", async ({
  page,
  isMobile,
  signedIn: _,
}) => {
  await missedMilestone(page);
  await gotoHydrated(page, "/dashboard");
  const panel = page.getByTestId("milestone").first().getByTestId("replan");
  await expect(panel).toBeVisible();
  // Back on the dashboard from another of its pages, the screen shows what it holds and asks again (always stale).
  // That answer, of the moment before the proposal existed, is held until the proposal is on screen and edited, as
  // a slow network delivers it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const delivered: Promise<void>[] = [];
  await page.route("**/api/dashboard", async (route) => {
    const response = await route.fetch();
    const answer = held.then(() => route.fulfill({ response }).catch(() => {}));
    delivered.push(answer);
    await answer;
  });
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  const menu = isMobile
    ? page.getByRole("dialog", { name: "Menu" })
    : page.getByRole("complementary", { name: "Account" });
  await menu.getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/help$/);
  await page.goBack();
  await expect.poll(() => delivered.length).toBeGreaterThan(0);

  await panel.getByRole("button", { name: "Not enough time" }).click();
  const dialog = page.getByRole("dialog", { name: "Your re-plan" });
  await dialog.getByLabel("Todo 2").fill("Cut the legs on Saturday morning");
  const landed = page.waitForResponse("**/api/dashboard");
  release();
  await (await landed).finished();
  await Promise.all(delivered);
  // Two frames: whatever the older answer would change is on screen by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Todo 2")).toHaveValue("Cut the legs on Saturday morning");
  await page.unroute("**/api/dashboard");
});

test("the overdue e-mail's link opens the milestone's waiting re-plan", async ({ page, signedIn: _ }) => {
  const { id } = await missedMilestone(page);
  await apiPost(page, `/api/milestones/${id}/replan`, { reason: "no_time" });
  await gotoHydrated(page, `/dashboard?replan=${id}`);
  const dialog = page.getByRole("dialog", { name: "Your re-plan" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Not enough time");
  await expect(page).toHaveURL(/\/dashboard$/);
});
