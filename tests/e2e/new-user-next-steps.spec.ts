import type { Locator, Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, analyzedPlan, apiPatch, apiPost, planChallenges } from "./onboarding-helpers.ts";
import { withStoredConsent } from "./public-helpers.ts";

// What a new user meets next (issue 53 rows 3, 7 and 10): the step after paying, the step of his first day, and the
// dates of his plan. The phone's first screen is what he sees without scrolling: these tests set its size themselves.

test.skip(({ isMobile }) => !isMobile, "the first screen of a phone; the tests set its size");

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

type PlanMilestone = { id: string; milestoneType: string; milestoneDescription: string };

/** Pays the test checkout (the server's local one: no Stripe keys here); returns the session to confirm. */
async function payTestCheckout(page: Page) {
  const { sessionId } = await apiPost(page, "/api/billing/checkout", { planId: "premium_monthly" });
  const pay = await page.request.post(`/test-checkout/${sessionId}/pay`, {
    headers: { origin: E2E.baseUrl },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  return sessionId as string;
}

/** His first challenge accepted with its milestones due on these days; returns the challenge. */
async function datedPlan(page: Page, days = ["2031-03-01", "2031-04-01", "2031-06-01"]) {
  const { challenge, responseId } = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: challenge.milestones.map((m, i) => ({ id: m.id, milestoneDeadline: days[i] })),
  });
  return { responseId, challenge: challenge as typeof challenge & { milestones: PlanMilestone[] } };
}

/** Wholly inside the viewport of a page scrolled to its top: seen without scrolling. */
async function expectInFirstScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "on screen").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `bottom within ${viewport?.height} px`).toBeLessThanOrEqual(viewport!.height);
}

test("issue 53 row 3: after paying, his plan page and the dashboard's first screen lead on to his second challenge", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await datedPlan(page);
  const sessionId = await payTestCheckout(page);

  // SPEC's redirect stays: the success screen, then his plan page in its place.
  await gotoHydrated(page, `/payment/success?session_id=${sessionId}`);
  await expect(page.getByText("Payment successful! Welcome to Premium.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/premium$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Your Plan", exact: true })).toBeVisible();
  const add = page.getByRole("link", { name: "Add your second challenge" });
  await expectInFirstScreen(page, add);

  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    await gotoHydrated(page, "/dashboard");
    await expect(add).toHaveCount(1);
    await expectInFirstScreen(page, add);
  }

  // One tap to the challenge list, where the next one waits for its ACCEPT.
  await add.click();
  await expect(page).toHaveURL(/\/quiz\/results\?.*step=2/);
  await expect(page.getByRole("button", { name: /ACCEPT CHALLENGE/ }).first()).toBeVisible();
});

test("issue 53 row 7: on his first day the phone's first screen holds today's next step, one tap to do it, and his run began his streak", async ({
  page,
  signedIn: _,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { challenge } = await datedPlan(page);
  const [immediate, shortTerm] = challenge.milestones;
  await gotoHydrated(page, "/dashboard");

  const next = page.getByRole("region", { name: "Today's next step" });
  await expectInFirstScreen(page, next);
  await expect(next).toContainText(immediate!.milestoneDescription);
  await expect(next).toContainText("Due Sat, Mar 1, 2031");
  await expectInFirstScreen(page, next.getByRole("button", { name: "Mark complete" }));

  // The validated run was his first step: this week is done, the streak is one week old.
  const streak = page.getByRole("region", { name: "Weekly streak" });
  await expect(streak.getByTestId("streak")).toHaveText("1-week streak");
  await expect(streak.getByTestId("streak-dots").locator("li").last()).toHaveAttribute("data-status", "done");

  // One tap: the milestone is done (on the server too), and the next one takes its place.
  await next.getByRole("button", { name: "Mark complete" }).click();
  await expect(next).toContainText(shortTerm!.milestoneDescription);
  await expect(next).toContainText("Due Tue, Apr 1, 2031");
  await expect(page.getByTestId("milestone").first().getByRole("button", { name: "✓ Completed" })).toBeVisible();
  await expect
    .poll(async () => {
      const { challenges } = await (await page.request.get("/api/dashboard")).json();
      return challenges[0].milestones[0].milestoneCompleted;
    })
    .toBe(true);
});

test("issue 53 row 10: dates 7, 30 and 90 days ahead are suggested, confirmed in one tap, each date button named for its milestone and challenge", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  const responseId = await analyzedPlan(page);
  const sessionId = await payTestCheckout(page);
  await apiPost(page, "/api/billing/confirm", { sessionId });
  const [first, second] = (await planChallenges(page, responseId)) as Array<{
    id: string;
    title: string;
    milestones: PlanMilestone[];
  }>;
  for (const challenge of [first!, second!]) {
    await apiPatch(page, `/api/challenges/${challenge.id}`, { challengeAccepted: true });
  }

  // Wednesday 30 January 2030 on his clock: a week, a month and three months on are 6 Feb, 1 Mar and 30 Apr.
  await page.clock.setFixedTime(new Date(2030, 0, 30, 10, 0, 0));
  await gotoHydrated(page, `/challenge-workflow/${first!.id}?step=2`);
  const rows = page.getByTestId("deadline-row");
  await expect(rows).toHaveCount(6);
  const suggested = ["Suggested: Wed, Feb 6, 2030", "Suggested: Fri, Mar 1, 2030", "Suggested: Tue, Apr 30, 2030"];
  await expect(rows.getByTestId("deadline")).toHaveText([...suggested, ...suggested]);
  const next = page.getByRole("button", { name: "NEXT", exact: true });
  await expect(next).toBeDisabled();

  // Every date button says which milestone of which challenge it dates.
  const dateButtons = page.getByRole("button", { name: /^Change date for / });
  await expect(dateButtons).toHaveCount(6);
  const names = await dateButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(new Set(names).size).toBe(6);
  for (const [index, challenge] of [first!, second!].entries()) {
    for (const milestone of challenge.milestones) {
      expect(names).toContain(
        `Change date for "${milestone.milestoneDescription}" (challenge ${index + 1}: ${challenge.title})`,
      );
    }
  }

  // He can still change one: the calendar opens on its suggested day, not on this month.
  await dateButtons.first().click();
  const picker = page.getByRole("dialog", { name: "Due Date" });
  await expect(picker.getByTestId("calendar-month")).toHaveText("February 2030");
  await expect(picker.getByTestId("chosen-date")).toContainText("Wednesday, February 6, 2030");
  await picker.getByRole("button", { name: "Cancel" }).click();

  // One tap confirms all six, in one request.
  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && new URL(request.url()).pathname.startsWith("/api/milestones")) {
      saves.push(request.url());
    }
  });
  await page.getByRole("button", { name: "Confirm these dates" }).click();
  await expect(next).toBeEnabled();
  const due = ["Due Wed, Feb 6, 2030", "Due Fri, Mar 1, 2030", "Due Tue, Apr 30, 2030"];
  await expect(rows.getByTestId("deadline")).toHaveText([...due, ...due]);
  expect(saves).toHaveLength(1);
  const workflow = await (await page.request.get("/api/workflow")).json();
  const stored = workflow.challenges.flatMap((c: { milestones: { milestoneDeadline: string }[] }) =>
    c.milestones.map((m) => m.milestoneDeadline.slice(0, 10)),
  );
  expect(stored.sort()).toEqual(
    ["2030-02-06", "2030-02-06", "2030-03-01", "2030-03-01", "2030-04-30", "2030-04-30"].sort(),
  );
});
