import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { MARCUS as marcoAnswers } from "../support/personas.ts";
import { expect, gotoHydrated, holdRequests, test } from "./fixtures.ts";
import {
  acceptedPlan,
  analyzedPlan,
  apiPatch,
  apiPost,
  planChallenges,
  spendAllTokens,
  validateRun,
} from "./onboarding-helpers.ts";

// Skipped before any fixture runs, so the skipped project creates no accounts.
test.skip(({ isMobile }) => isMobile, "behaviour tests run on the desktop project only");

test.describe("quiz", () => {
  test("keeps answers (as typed) and the current question across a reload, BACK from question 2", async ({
    page,
    signedIn: _,
  }) => {
    await validateRun(page);
    await page.goto("/quiz");
    await expect(page.getByRole("button", { name: "BACK" })).toHaveCount(0);
    const first = page.getByLabel(QUIZ_QUESTIONS[0]);
    await first.fill("   ");
    await expect(page.getByRole("button", { name: "NEXT" })).toBeDisabled();
    // The screen shows what he typed; the server strips real tags (onboarding-polish-plan.spec.ts).
    await first.fill("<b>Scrolling</b> until late <3");
    await expect(first).toHaveValue("<b>Scrolling</b> until late <3");
    await page.getByRole("button", { name: "NEXT" }).click();
    await page.getByLabel(QUIZ_QUESTIONS[1]).fill("A workshop of my own.");

    await page.reload();
    await expect(page.getByLabel(QUIZ_QUESTIONS[1])).toHaveValue("A workshop of my own.");
    await page.getByRole("button", { name: "BACK" }).click();
    await expect(page.getByLabel(QUIZ_QUESTIONS[0])).toHaveValue("<b>Scrolling</b> until late <3");
  });

  test("a user with an analyzed plan is sent to the dashboard; edit mode preloads his answers", async ({
    page,
    signedIn: _,
  }) => {
    const responseId = await analyzedPlan(page);
    await page.goto("/quiz");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/quiz?mode=edit&responseId=${responseId}`);
    await expect(page.getByLabel(QUIZ_QUESTIONS[0])).toHaveValue(marcoAnswers[0] ?? "");
  });

  test("a retake without tokens says 'Insufficient tokens' and links to Premium", async ({ page, signedIn: _ }) => {
    const responseId = await analyzedPlan(page);
    // The free month's five tokens spent, as five completed retakes spend them.
    await spendAllTokens(page);

    await page.goto(`/quiz?mode=edit&responseId=${responseId}`);
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "NEXT" }).click();
    await page.getByRole("button", { name: "SHOW ASSESSMENT RESULTS" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Insufficient tokens");
    await expect(alert.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/dashboard/premium");
    await expect(page).toHaveURL(/\/quiz\?mode=edit/);
  });
});

test.describe("processing", () => {
  test("without a response id it goes back to the quiz", async ({ page, signedIn: _ }) => {
    await page.goto("/quiz/ProcessingScreen");
    await expect(page).toHaveURL(/\/quiz$/);
  });

  test("a reload resumes the same run instead of starting over", async ({ page, signedIn: _ }) => {
    await validateRun(page);
    const { id } = await apiPost(page, "/api/quiz/responses", {
      answers: QUIZ_QUESTIONS.map((question, i) => ({ question, answer: marcoAnswers[i] })),
    });
    // The offline plan is written in milliseconds: after the screen's first look, its polls wait, so the run it
    // starts is still "preparing" on screen when the page reloads, however fast this machine is.
    let polls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const generation = `**/api/quiz/responses/${id}/generation`;
    await page.route(generation, async (route) => {
      if (polls++ > 0) await held;
      await route.continue().catch(() => {}); // the page may have reloaded meanwhile
    });
    const started = page.waitForResponse((response) => response.url().endsWith(`/${id}/generate`));
    // The start request never went out (e.g. the tab closed): the screen starts it once, from the URL alone.
    await page.goto(`/quiz/ProcessingScreen?responseId=${id}`);
    await expect(page.getByRole("button", { name: "PREPARING YOUR RESULTS..." })).toBeDisabled();
    expect((await started).ok()).toBe(true);
    await page.unroute(generation);
    release();
    await page.reload();
    await expect(page.getByRole("button", { name: "SHOW RESULT" })).toBeEnabled({ timeout: 15_000 });
    const latest = await (await page.request.get("/api/quiz/latest")).json();
    expect(latest.response).toMatchObject({ id, status: "analyzed" });
    await page.getByRole("button", { name: "SHOW RESULT" }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz/results\\?responseId=${id}`));
  });

  test("rotates quotes and shows the error state with Try Again", async ({ page, signedIn: _ }) => {
    await page.clock.install();
    let failed = false;
    await page.route("**/api/quiz/responses/*/generation", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify(
          failed
            ? { status: "failed", stage: "challenges", error: "Challenge generation did not return valid challenges." }
            : { status: "running", stage: "mission", error: null },
        ),
      }),
    );
    await page.goto("/quiz/ProcessingScreen?responseId=00000000-0000-4000-8000-000000000000");
    const quote = page.getByTestId("quote");
    const firstQuote = await quote.textContent();
    await page.clock.runFor(3100);
    await expect(quote).not.toHaveText(firstQuote ?? "");
    // The mission is written: reading and writing it are ticked, the challenges are under way.
    await expect(page.locator('[data-state="done"]')).toHaveCount(2);
    await expect(page.locator('[data-state="active"]')).toHaveText(/Designing your three challenges/);

    failed = true;
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("There was a problem generating your results. Please try again.")).toBeVisible();
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/quiz$/);
  });
});

test.describe("results", () => {
  test("accept toggles, the free plan limit, inline editing and the retake warning", async ({ page, signedIn: _ }) => {
    const responseId = await analyzedPlan(page);
    await page.goto("/quiz/results");
    await expect(page.getByRole("heading", { name: "This is your path." })).toBeVisible();
    await page.getByRole("button", { name: "NEXT" }).click();
    // The step is in the URL: a reload stays on the challenge list.
    await page.reload();
    await expect(page.getByRole("heading", { name: "You already took a big step..." })).toBeVisible();

    const cards = page.getByTestId("challenge-card");
    const release = await holdRequests(page, "**/api/challenges/*");
    await cards
      .nth(0)
      .getByRole("button", { name: /ACCEPT CHALLENGE/ })
      .click();
    await expect(cards.nth(0).getByRole("button", { name: /ACCEPTING\.\.\./ })).toBeDisabled();
    release();
    await expect(cards.nth(0).getByRole("button", { name: /CHALLENGE ACCEPTED/ })).toBeEnabled();
    await page.unroute("**/api/challenges/*");
    await expect(page.getByText("Accept at least one challenge to continue")).toHaveCount(0);

    // The free plan's one slot is taken: the other cards show the limit and the way to Premium instead.
    const limit = cards.nth(1).getByTestId("plan-limit");
    await expect(limit).toContainText("Free plan includes 1 active challenge. Upgrade to Premium for up to 3.");
    await expect(limit.getByRole("link", { name: "See Premium" })).toHaveAttribute("href", "/dashboard/premium");
    await expect(cards.nth(1).getByRole("button", { name: /ACCEPT CHALLENGE/ })).toHaveCount(0);

    // Resetting the first frees the slot again.
    await cards
      .nth(0)
      .getByRole("button", { name: /CHALLENGE ACCEPTED/ })
      .click();
    await expect(cards.nth(0).getByRole("button", { name: /ACCEPT CHALLENGE/ })).toBeVisible();
    await expect(cards.nth(1).getByRole("button", { name: /ACCEPT CHALLENGE/ })).toBeVisible();
    await expect(page.getByTestId("plan-limit")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "NEXT" })).toBeDisabled();

    // Inline editing: cancel restores, save persists.
    await cards
      .nth(2)
      .getByRole("button", { name: /^Edit / })
      .click();
    await cards.nth(2).getByLabel("Title").fill("Throwaway title");
    await cards.nth(2).getByRole("button", { name: "Cancel" }).click();
    await expect(cards.nth(2)).not.toContainText("Throwaway title");
    await cards
      .nth(2)
      .getByRole("button", { name: /^Edit / })
      .click();
    await cards.nth(2).getByLabel("Title").fill("Build my first table to sell");
    await cards.nth(2).getByRole("button", { name: "Save" }).click();
    await expect(cards.nth(2).getByRole("heading", { name: "Build my first table to sell" })).toBeVisible();
    const saved = await planChallenges(page, responseId);
    expect(saved[2]?.title).toBe("Build my first table to sell");

    await page.getByRole("button", { name: "RETAKE QUIZ" }).click();
    const warning = page.getByRole("dialog", { name: "Retake the quiz?" });
    await warning.getByRole("button", { name: "No" }).click();
    await expect(warning).toBeHidden();
    await page.getByRole("button", { name: "RETAKE QUIZ" }).click();
    await warning.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz\\?mode=edit&responseId=${responseId}$`));
  });

  test("without any analyzed plan it goes to the quiz", async ({ page, signedIn: _ }) => {
    await page.goto("/quiz/results");
    await expect(page).toHaveURL(/\/quiz$/);
  });
});

test.describe("challenge workflow", () => {
  test("autosaves milestone texts, survives reloads, and needs every description and date; issue 35 row 7: the box grows, Cancel undoes an autosave", async ({
    page,
    signedIn: _,
  }) => {
    const { challenge } = await acceptedPlan(page);
    await page.goto("/quiz/setup");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/quiz/setup?challengeId=${challenge.id}`);
    await expect(page).toHaveURL(new RegExp(`/challenge-workflow/${challenge.id}$`));

    const next = page.getByRole("button", { name: "NEXT", exact: true });
    await expect(next).toBeEnabled();
    await page.getByRole("button", { name: /^Edit Immediate Milestone/ }).click();
    const field = page.getByLabel(/^Immediate Milestone of challenge 1/);
    await field.fill("");
    await expect(next).toBeDisabled();
    await field.fill("Sketch the table tonight and list the wood I need");
    await expect(page.getByText("Saving...")).toBeVisible();
    await expect(page.getByTestId("saved-tick")).toBeVisible({ timeout: 5000 });
    await page.reload();
    await expect(page.getByText("Sketch the table tonight and list the wood I need")).toBeVisible();

    // Enter (without Shift) ends editing and saves at once.
    await page.getByRole("button", { name: /^Edit Short-term Milestone/ }).click();
    const shortTerm = page.getByLabel(/^Short-term Milestone of challenge 1/);
    await shortTerm.fill("Finish the first table");
    await shortTerm.press("Enter");
    await expect(shortTerm).toHaveCount(0);
    await expect(page.getByTestId("saved-tick")).toBeVisible();
    const workflow = await (await page.request.get("/api/workflow")).json();
    const milestones = workflow.challenges[0].milestones.map(
      (m: { milestoneDescription: string }) => m.milestoneDescription,
    );
    expect(milestones).toContain("Finish the first table");

    // Issue 35 row 7: a long text shows whole as it grows, and Cancel after an autosave puts the old text back.
    await page.getByRole("button", { name: /^Edit Medium-term Milestone/ }).click();
    const medium = page.getByLabel(/^Medium-term Milestone of challenge 1/);
    const before = await medium.inputValue();
    await medium.fill(Array.from({ length: 8 }, (_, n) => `Step ${n + 1} of a longer plan`).join("\n"));
    expect(await medium.evaluate((box) => box.scrollHeight <= box.clientHeight && box.clientHeight > 150)).toBe(true);
    const mediumItem = page.getByRole("listitem").filter({ hasText: "Medium-term Milestone" });
    await expect(mediumItem.getByTestId("saved-tick")).toBeVisible({ timeout: 5000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByText(before)).toBeVisible();
    await expect
      .poll(async () => {
        const { challenges } = await (await page.request.get("/api/workflow")).json();
        return challenges[0].milestones.find((m: { milestoneType: string }) => m.milestoneType === "medium_term")
          ?.milestoneDescription;
      })
      .toBe(before);

    await next.click();
    await expect(page).toHaveURL(/step=2/);
    await page.reload();
    await expect(page.getByTestId("deadline-row")).toHaveCount(3);
    await expect(next).toBeDisabled();
    await page.getByRole("button", { name: "BACK" }).click();
    await expect(page.getByText("Sketch the table tonight and list the wood I need")).toBeVisible();
  });

  test("the due date picker: today highlighted, past days disabled, day clamped on month change", async ({
    page,
    signedIn: _,
  }) => {
    const { challenge } = await acceptedPlan(page);
    // A fixed "today" in the future keeps the calendar predictable and every date valid for the server.
    await page.clock.setFixedTime(new Date(2030, 0, 30, 10, 0, 0));
    await page.goto(`/challenge-workflow/${challenge.id}?step=2`);
    await page
      .getByTestId("deadline-row")
      .first()
      .getByRole("button", { name: /^Change date for / })
      .click();
    const picker = page.getByRole("dialog", { name: "Due Date" });
    // It opens on the suggested day (issue 53 row 10); a month back, that day is past and no longer chosen.
    await expect(picker.getByTestId("calendar-month")).toHaveText("February 2030");
    await picker.getByRole("button", { name: "Previous month" }).click();
    await expect(picker.getByTestId("calendar-month")).toHaveText("January 2030");
    for (const day of ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"])
      await expect(picker.getByText(day, { exact: true })).toBeVisible();
    await expect(picker.getByRole("button", { name: "Previous month" })).toBeDisabled();
    await expect(picker.getByRole("button", { name: "Wednesday, January 30, 2030" })).toHaveAttribute(
      "aria-current",
      "date",
    );
    await expect(picker.getByRole("button", { name: "Tuesday, January 29, 2030" })).toBeDisabled();
    const confirm = picker.getByRole("button", { name: "Confirm" });
    await expect(confirm).toBeDisabled();

    await picker.getByRole("button", { name: "Thursday, January 31, 2030" }).click();
    await expect(picker.getByTestId("chosen-date")).toContainText("Thursday, January 31, 2030");
    await picker.getByRole("button", { name: "Next month" }).click();
    await expect(picker.getByTestId("chosen-date")).toContainText("Thursday, February 28, 2030");
    await picker.getByRole("button", { name: "Cancel" }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId("deadline").first()).toHaveText("Suggested: Wed, Feb 6, 2030");

    await page
      .getByTestId("deadline-row")
      .first()
      .getByRole("button", { name: /^Change date for / })
      .click();
    await picker.getByRole("button", { name: "Thursday, February 28, 2030" }).click();
    await confirm.click();
    await expect(page.getByTestId("deadline").first()).toHaveText("Due Thu, Feb 28, 2030");
    const workflow = await (await page.request.get("/api/workflow")).json();
    expect(workflow.challenges[0].milestones[0].milestoneDeadline).toBe("2030-02-28T23:59:59.000Z");
  });
});

test.describe("dashboard", () => {
  test("without dated challenges it says 'No Challenges Found' with guidance", async ({ page, signedIn: _ }) => {
    await analyzedPlan(page);
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByText("No Challenges Found")).toBeVisible();
    await expect(page.getByText("Accept at least one challenge in your results screen.")).toBeVisible();
  });

  test("lists the accepted challenge with its dated milestones in order", async ({ page, signedIn: _ }) => {
    const { challenge } = await acceptedPlan(page);
    const [immediate, shortTerm, mediumTerm] = challenge.milestones;
    await apiPatch(page, "/api/milestones", {
      milestones: [
        { id: immediate?.id, milestoneDeadline: "2031-03-01" },
        { id: shortTerm?.id, milestoneDeadline: "2031-04-01" },
        { id: mediumTerm?.id, milestoneDeadline: "2031-06-01" },
      ],
    });
    await gotoHydrated(page, "/dashboard");
    const card = page.getByTestId("dashboard-challenge");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { name: challenge.title })).toBeVisible();
    await expect(card.locator("li")).toHaveText([
      /Immediate Milestone.*Due Sat, Mar 1, 2031/,
      /Short-term Milestone.*Due Tue, Apr 1, 2031/,
      /Medium-term Milestone.*Due Sun, Jun 1, 2031/,
    ]);
    await expect(card.getByText("(Overdue)")).toHaveCount(0);

    // Seen from a day after the first two deadlines, those two are overdue (in red), the third is not.
    await page.clock.setFixedTime(new Date("2031-05-01T12:00:00Z"));
    await page.reload();
    const overdue = card.getByText("(Overdue)");
    await expect(overdue).toHaveCount(2);
    await expect(card.locator("li").nth(0)).toContainText("(Overdue)");
    await expect(card.locator("li").nth(1)).toContainText("(Overdue)");
    await expect(overdue.first()).toHaveClass(/text-danger/);
  });
});
