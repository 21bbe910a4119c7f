import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { MARCUS as marcoAnswers } from "../support/personas.ts";
import { acceptedMinutesAgo, expect, test } from "./fixtures.ts";
import { expectNoSidewaysScroll } from "./onboarding-helpers.ts";

// The whole journey runs once, on the phone layout most users have; the other specs cover details on desktop.
test.skip(({ isMobile }) => !isMobile, "the journey runs on the mobile project only");
test("from 'I ran' to a dashboard with dated milestones", async ({ page, signedIn }) => {
  test.setTimeout(90_000);

  // The run challenge: countdown from the server-stored acceptance, target from the longest run.
  await page.goto("/ChallengeAccepted");
  await expect(page.getByTestId("countdown")).toHaveText(/^23:59:\d\d$/);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("The longest you have ever run, in minutes").fill("40");
  await expect(page.getByTestId("target")).toContainText("1 h");
  await page.getByRole("button", { name: "Validate Challenge" }).click();
  await expect(page.getByRole("button", { name: "Validating..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/ValidateChallenge$/);
  // He goes for his run and opens the app again 70 minutes later: a typed run fits the time since (issue 53 row 2).
  await acceptedMinutesAgo(signedIn.email, 70);
  await page.reload();

  // The longest run stated a moment ago is filled in, with the target it set.
  await expect(page.getByLabel("Your previous longest run (minutes, optional)")).toHaveValue("40");
  await expect(page.getByTestId("validate-target")).toContainText("Run at least 1 h");
  await page.getByLabel("Today's run (minutes)").fill("65");
  await expect(page.getByTestId("target-check")).toHaveText("✓ Target reached: 1 h 5 min of at least 1 h.");
  await page.getByLabel("How did it go?").fill("Hardest hour of my year, but I kept moving.");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Validate my run" }).click();
  const modal = page.getByRole("dialog", { name: "Initial Challenge Complete!" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Share" })).toBeVisible();
  await modal.getByRole("button", { name: "Continue Without Sharing" }).click();

  await expect(page).toHaveURL(/\/Welcome$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${signedIn.firstName}` })).toBeVisible();
  // Onboarding now counts as done: the landing page sends him to the dashboard, no reload needed.
  await page.getByRole("link", { name: "START ASSESSMENT QUIZ" }).click();
  await expect(page).toHaveURL(/\/quiz$/);

  for (const [index, question] of QUIZ_QUESTIONS.entries()) {
    const answer = page.getByLabel(question);
    await expect(answer).toBeVisible();
    const next = page.getByRole("button", { name: index === 4 ? "SHOW ASSESSMENT RESULTS" : "NEXT" });
    await expect(next).toBeDisabled();
    await answer.fill(marcoAnswers[index] ?? "");
    if (index < 4) await next.click();
  }
  await expectNoSidewaysScroll(page);

  const started = Date.now();
  await page.getByRole("button", { name: "SHOW ASSESSMENT RESULTS" }).click();
  await expect(page).toHaveURL(/\/quiz\/ProcessingScreen\?responseId=/);
  const showResult = page.getByRole("button", { name: "SHOW RESULT" });
  await expect(showResult).toBeEnabled({ timeout: 30_000 });
  // Done, the screen no longer says it is analyzing.
  await expect(page.getByText("Analysis complete")).toBeVisible();
  await expect(page.getByText("Analyzing", { exact: true })).toHaveCount(0);
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: "time to SHOW RESULT", description: `${seconds.toFixed(2)} s` });
  console.log(`'SHOW ASSESSMENT RESULTS' -> 'SHOW RESULT': ${seconds.toFixed(2)} s`);
  // The product target is 3 s on an idle machine; the bound leaves room for a busy CI runner.
  expect(seconds).toBeLessThan(5);

  await showResult.click();
  await expect(page.getByRole("heading", { name: "This is your path." })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { name: "You already took a big step..." })).toBeVisible();
  await expect(page.getByText("My Life Mission")).toBeVisible();
  const cards = page.getByTestId("challenge-card");
  await expect(cards).toHaveCount(3);
  await expect(page.getByText("Accept at least one challenge to continue")).toBeVisible();
  await expect(page.getByRole("button", { name: "NEXT" })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  const firstTitle = (await cards.first().getByRole("heading").textContent()) ?? "";
  await cards
    .first()
    .getByRole("button", { name: /ACCEPT CHALLENGE/ })
    .click();
  await expect(cards.first().getByRole("button", { name: /CHALLENGE ACCEPTED/ })).toBeVisible();
  await page.getByRole("button", { name: "NEXT" }).click();

  await expect(page).toHaveURL(/\/challenge-workflow\/[0-9a-f-]+$/);
  // The plan names the title again in its own words (description, milestones): the title itself is the exact match.
  await expect(page.getByText(firstTitle, { exact: true })).toBeVisible();
  await expect(page.getByText("Immediate Milestone")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "NEXT" }).click();

  const rows = page.getByTestId("deadline-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Immediate Milestone");
  await expect(rows.nth(1)).toContainText("Short-term Milestone");
  await expect(rows.nth(2)).toContainText("Medium-term Milestone");
  const next = page.getByRole("button", { name: "NEXT", exact: true });
  for (let i = 0; i < 3; i++) {
    await expect(next).toBeDisabled();
    await rows
      .nth(i)
      .getByRole("button", { name: /^Change date for / })
      .click();
    const picker = page.getByRole("dialog", { name: "Due Date" });
    await expectNoSidewaysScroll(page);
    await picker.getByRole("button", { name: "Next month" }).click();
    await picker.getByRole("button", { name: new RegExp(` ${10 + i * 5}, \\d{4}$`) }).click();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await expect(picker).toBeHidden();
    await expect(rows.nth(i).getByTestId("deadline")).toContainText(`${10 + i * 5}, `);
  }
  await next.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("My Life Mission")).toBeVisible();
  const challenge = page.getByTestId("dashboard-challenge");
  await expect(challenge).toHaveCount(1);
  await expect(challenge).toContainText("1");
  await expect(challenge).toContainText(firstTitle);
  for (const label of ["Immediate Milestone", "Short-term Milestone", "Medium-term Milestone"]) {
    await expect(challenge.getByText(label)).toBeVisible();
  }
  await expect(challenge.getByText(/^Due /)).toHaveCount(3);
  await expect(challenge.getByText("(Overdue)")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
