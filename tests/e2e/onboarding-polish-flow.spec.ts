import { mkdirSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { newAccount, signUpBody, uniqueEmail } from "../support/personas.ts";
import { acceptedMinutesAgo, expect, holdRequests, test, waitForMail } from "./fixtures.ts";
import { analyzedPlan, apiPost, expectNoSidewaysScroll, validateRun } from "./onboarding-helpers.ts";

// Issue 16, items 2, 3, 6 and 8: each runs on the phone (360 px) and the laptop (1280 px) where it was seen.

const shots = ".tmp/shots-helper2";

async function shot(page: Page, info: TestInfo, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync(shots, { recursive: true });
  // The cookie banner has its own screenshots; here it would hide the screen under test.
  const reject = page.getByRole("button", { name: /reject/i });
  if (await reject.isVisible()) await reject.click();
  await page.screenshot({ path: `${shots}/${name}-${info.project.name}.png`, fullPage: true });
}

test.describe("run validation (item 2)", () => {
  test("fills in the stated longest run, shows the target and says when today's run fell short", async ({
    page,
    signedIn,
  }, info) => {
    // Longest run 80 min: the target is 2 h. He accepted long enough ago for the runs typed below (issue 53 row 2).
    await apiPost(page, "/api/onboarding/challenge", { maxDurationMinutes: 80 });
    await acceptedMinutesAgo(signedIn.email, 150);
    await page.goto("/ValidateChallenge");
    await expect(page.getByLabel("Your previous longest run (minutes, optional)")).toHaveValue("80");
    await expect(page.getByTestId("validate-target")).toContainText("Run at least 2 h");

    const today = page.getByLabel("Today's run (minutes)");
    await today.fill("125");
    await expect(page.getByTestId("target-check")).toHaveText("✓ Target reached: 2 h 5 min of at least 2 h.");
    await today.fill("90");
    await expect(page.getByTestId("target-check")).toContainText("30 min short of your 2 h target.");
    await page.getByLabel("How did it go?").fill("Walked the last bit, but kept moving.");
    await expectNoSidewaysScroll(page);
    await shot(page, info, "validate-short");

    await page.getByRole("button", { name: "Validate my run" }).click();
    const modal = page.getByRole("dialog", { name: "Initial Challenge Complete!" });
    await expect(modal.getByTestId("short-of-target")).toContainText(
      "You ran 1 h 30 min, 30 min short of your 2 h target. It still counts",
    );
    await shot(page, info, "validate-short-modal");
    // A shorter run counts (decision 0058): it is stored as run, and onboarding is done.
    const state = await (await page.request.get("/api/onboarding")).json();
    expect(state.runValidation).toMatchObject({ previousMaxDuration: 80, todayDuration: 90 });
    await modal.getByRole("button", { name: "Continue Without Sharing" }).click();
    await expect(page).toHaveURL(/\/Welcome$/);
  });
});

test.describe("onboarding that closes (item 3)", () => {
  test("once validated, both challenge screens say so, stop the clock and lead on", async ({
    page,
    signedIn: _,
  }, info) => {
    await validateRun(page);

    await page.goto("/ValidateChallenge");
    const done = page.getByTestId("run-validated");
    await expect(done.getByRole("heading", { name: "Run validated" })).toBeVisible();
    await expect(done).toContainText("You ran 1 h 5 min on");
    await expect(done).toContainText("Your target of 1 h: reached.");
    await expect(page.getByRole("button", { name: "Validate my run" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, info, "validate-done");

    await page.goto("/ChallengeAccepted");
    await expect(page.getByTestId("run-validated")).toContainText("the clock has stopped");
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Validate Challenge" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, info, "accepted-done");
    await page.getByRole("link", { name: "Continue to the quiz" }).click();
    await expect(page).toHaveURL(/\/Welcome$/);
  });

  test("a second validation from a stale screen shows the stored run, not the modal again", async ({
    page,
    signedIn,
  }) => {
    await acceptedMinutesAgo(signedIn.email, 120);
    await page.goto("/ValidateChallenge");
    await page.getByLabel("Today's run (minutes)").fill("99");
    await page.getByLabel("How did it go?").fill("Sent from a tab left open.");
    // Meanwhile the run was validated elsewhere (another tab, another device).
    await validateRun(page);
    await page.getByRole("button", { name: "Validate my run" }).click();
    await expect(page.getByTestId("run-validated")).toContainText("You ran 1 h 5 min");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const state = await (await page.request.get("/api/onboarding")).json();
    expect(state.runValidation.todayDuration).toBe(65);
  });

  test("with a plan, the way on is the dashboard", async ({ page, signedIn: _ }) => {
    await analyzedPlan(page);
    await page.goto("/ValidateChallenge");
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("copy that says what happens (item 6)", () => {
  test("Welcome and Processing give the same time, and 'Analyzing' gives way once the plan is ready", async ({
    page,
    signedIn: _,
  }, info) => {
    const responseId = await analyzedPlan(page);
    await page.goto("/Welcome");
    await expect(page.getByText("Your plan is ready in under a minute")).toBeVisible();
    await shot(page, info, "welcome");

    const release = await holdRequests(page, "**/generation");
    await page.goto(`/quiz/ProcessingScreen?responseId=${responseId}`);
    await expect(page.getByText("Analyzing", { exact: true })).toBeVisible();
    await expect(page.getByText("Processing takes under a minute.")).toBeVisible();
    release();
    await expect(page.getByRole("button", { name: "SHOW RESULT" })).toBeEnabled();
    await expect(page.getByText("Analysis complete")).toBeVisible();
    await expect(page.getByText("Analyzing", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your plan is ready" })).toBeVisible();
    await shot(page, info, "processing-done");
  });
});

test.describe("development e-mails (item 8)", () => {
  test("a confirmation link copied with the words after it still confirms", async ({ page }) => {
    const account = newAccount({ email: uniqueEmail("copied") });
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: E2E.baseUrl },
      data: signUpBody(account),
    });
    expect(signUp.ok()).toBe(true);
    const mail = await waitForMail(account.email, (m) => /Confirm your/.test(m.subject));
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link!);
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    // What a selection running on into the next lines of the printed mail gives.
    await page.goto(`${pathname}${search}\\n\\nThe link works for 24 hours.`);
    await expect(page.getByRole("heading", { name: "Email Verified ✅" })).toBeVisible();
    await expect(page.getByText("Invalid callbackURL")).toHaveCount(0);
    // The account is confirmed: logging in works.
    const login = await page.request.post("/api/auth/sign-in/email", {
      headers: { origin: E2E.baseUrl },
      data: { email: account.email, password: account.password },
    });
    expect(login.ok()).toBe(true);
  });

  test("a confirmation link without its token opens the confirmation error view", async ({ page }, info) => {
    await page.goto("/api/auth/verify-email");
    await expect(page.getByRole("heading", { name: "Email Confirmation Issue" })).toBeVisible();
    await expect(
      page.getByText(
        "Invalid confirmation link. Please check your email and try clicking the confirmation link again.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue to Get Started" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, info, "email-confirmation-error");
  });
});
