import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Accessibility of every onboarding screen, checked on the phone layout most users have.
test.skip(({ isMobile }) => !isMobile, "screens are scanned on the mobile project");
test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

test("onboarding screens have no axe violations", async ({ page, signedIn: _ }) => {
  test.setTimeout(90_000);
  await withStoredConsent(page);
  const scan = async (what: string) => {
    expect(await axeViolations(page), what).toEqual([]);
  };

  await page.goto("/ChallengeAccepted");
  await page.getByRole("button", { name: "Validate Challenge" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await scan("challenge accepted with an error");

  await page.goto("/ValidateChallenge");
  await page.getByRole("button", { name: "Validate my run" }).click();
  await expect(page.getByText("Today's duration is required")).toBeVisible();
  await scan("validate form with errors");

  const { responseId, challenge } = await acceptedPlan(page);
  await page.goto("/welcome");
  await expect(page.getByRole("link", { name: "START ASSESSMENT QUIZ" })).toBeVisible();
  await scan("welcome");

  await page.goto(`/quiz?mode=edit&responseId=${responseId}`);
  await expect(page.getByRole("button", { name: "NEXT" })).toBeEnabled();
  await scan("quiz");

  await page.goto(`/quiz/ProcessingScreen?responseId=${responseId}`);
  await expect(page.getByRole("button", { name: "SHOW RESULT" })).toBeEnabled();
  await scan("processing");

  await page.goto(`/quiz/results?responseId=${responseId}`);
  await expect(page.getByRole("heading", { name: "This is your path." })).toBeVisible();
  await scan("results step 1");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { name: "You already took a big step..." })).toBeVisible();
  await scan("results step 2");

  await page.goto(`/challenge-workflow/${challenge.id}`);
  await page.getByRole("button", { name: /^Edit Immediate Milestone/ }).click();
  await scan("workflow step 1 editing");
  await page.goto(`/challenge-workflow/${challenge.id}?step=2`);
  await page
    .getByRole("button", { name: /^Change date for / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Due Date" })).toBeVisible();
  await scan("due date picker");

  await apiPatch(page, "/api/milestones", {
    milestones: challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: "2031-03-01" })),
  });
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("dashboard-challenge")).toBeVisible();
  await scan("dashboard");
});
