import { expect, gotoHydrated, holdRequests, test } from "./fixtures.ts";
import { analyzedPlan } from "./onboarding-helpers.ts";

test.describe("signed out", () => {
  for (const path of [
    "/dashboard",
    "/dashboard/premium",
    "/quiz",
    "/Quiz",
    "/welcome",
    "/Welcome",
    "/ValidateChallenge",
    "/quiz/results",
    "/challenge-workflow",
    "/community/waitlist",
    "/payment/success",
  ]) {
    test(`${path} sends the visitor to the login screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/Login$/);
    });
  }

  test("the onboarding start sends the visitor to sign up", async ({ page }) => {
    await page.goto("/ChallengeAccepted");
    await expect(page).toHaveURL(/\/auth\/Signup$/);
  });

  test("an unknown path goes to the landing page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "You Know You're Capable of More" })).toBeVisible();
  });

  test("public pages stay where they are", async ({ page }) => {
    for (const path of [
      "/",
      "/ChallengePage",
      "/legal-notice",
      "/privacy-policy",
      "/terms-of-service",
      "/do-not-sell",
      "/auth/Login",
      "/auth/Signup",
      "/Auth/Signup",
      "/reset-password",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    }
  });

  test("shows 'Getting your account ready...' while the session loads", async ({ page }) => {
    const release = await holdRequests(page, "**/api/me");
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByText("Getting your account ready...")).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/auth\/Login$/);
  });

  test("a new page starts scrolled to the top", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() => {
      const spacer = document.createElement("div");
      spacer.style.height = "4000px";
      document.querySelector("main")?.prepend(spacer);
      window.scrollTo(0, 3000);
    });
    await page.getByRole("link", { name: "TAKE THE CHALLENGE" }).first().click();
    await expect(page).toHaveURL(/\/ChallengePage$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("signed in", () => {
  test("the landing page sends a user who has not validated his run to the challenge", async ({ page, signedIn }) => {
    expect(signedIn.email).toContain("@");
    await page.goto("/");
    await expect(page).toHaveURL(/\/ChallengeAccepted$/);
  });

  // A user who finished onboarding: the dashboard itself sends anyone else on to where he left off.
  test("login, sign-up and reset screens send him to the dashboard", async ({ page, signedIn: _ }) => {
    await analyzedPlan(page);
    for (const path of ["/auth/Login", "/auth/Signup", "/reset-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test("an unknown path goes to the dashboard", async ({ page, signedIn: _ }) => {
    await analyzedPlan(page);
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("dashboard sections open, an unknown section falls back to the dashboard", async ({ page, signedIn: _ }) => {
    await analyzedPlan(page);
    await gotoHydrated(page, "/dashboard/premium");
    await expect(page).toHaveURL(/\/dashboard\/premium$/);
    await gotoHydrated(page, "/dashboard/bogus");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("protected screens open", async ({ page, signedIn: _ }) => {
    for (const path of ["/Welcome", "/quiz", "/ValidateChallenge", "/ChallengeAccepted"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`, "i"));
    }
  });
});
