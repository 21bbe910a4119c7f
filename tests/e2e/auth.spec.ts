import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { uniqueEmail } from "../support/personas.ts";
import { createConfirmedUser, expect, gotoHydrated, logIn, signInWithPassword, test, waitForMail } from "./fixtures.ts";
import { analyzedPlan } from "./onboarding-helpers.ts";

const strongPassword = "run4ever";

async function me(page: Page) {
  return (await (await page.request.get("/api/me")).json()) as { user: { firstName: string } | null };
}

function pathOf(link: string) {
  const url = new URL(link);
  return url.pathname + url.search;
}

test.describe("sign-up → confirm → login → logout", () => {
  test("issue 35 row 5: a new runner signs up, confirms by e-mail, is told to log in, logs in and logs out", async ({
    page,
  }) => {
    const email = uniqueEmail("journey");
    await page.goto("/auth/Signup");
    await expect(page.getByText("Community Access")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Create a free account to accept your first challenge" }),
    ).toBeVisible();
    await page.getByLabel("First Name").fill("Marco");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create a free account" }).click();

    await expect(page.getByText("Verify your email and then login")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/Login$/);
    await expect(page.getByLabel("Email Address")).toHaveValue(email);

    const mail = await waitForMail(email, (m) => /Confirm your/.test(m.subject));
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeTruthy();
    // The success view shows for 2 s before it redirects: the page's clock is paused so a busy machine cannot let the
    // redirect happen between two assertions.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(pathOf(link!));
    await expect(page).toHaveURL(/\/EmailConfirmed/);
    await expect(page.getByRole("heading", { name: "Email Verified ✅" })).toBeVisible();
    await expect(page.getByText("Your email has been confirmed successfully!")).toBeVisible();
    await expect(page.getByText("Redirecting you to the home page...")).toBeVisible();
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(`${E2E.baseUrl}/`, { timeout: 5000 });
    await page.clock.resume();

    // Signed out on the home page (SPEC section 4), told why, with the login one tap away.
    const notice = page.getByTestId("email-confirmed-notice");
    await expect(notice).toContainText("E-mail confirmed — log in to continue");
    await notice.getByRole("link", { name: "Log in" }).click();
    await expect(page.getByText("Member Login")).toBeVisible();
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    // No run validated yet: the onboarding start.
    await expect(page).toHaveURL(/\/ChallengeAccepted$/);
    await expect(page.getByTestId("navbar-first-name")).toHaveText("Marco");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/Login$/);
    await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
    expect((await me(page)).user).toBeNull();
    // The session is gone on the server: protected screens send the visitor to log in.
    await gotoHydrated(page, "/dashboard");
    await expect(page).toHaveURL(/\/auth\/Login$/);
  });

  test("issue 53 row 9: after sign-up the login page says to check the inbox and resends the e-mail; the confirmation says what comes next", async ({
    page,
  }) => {
    const email = uniqueEmail("inbox");
    await gotoHydrated(page, "/auth/Signup");
    await page.getByLabel("First Name").fill("Ines");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create a free account" }).click();

    // The SPEC's toast and redirect, and the login page saying what to do now and after.
    await expect(page.getByText("Verify your email and then login")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/Login$/);
    const inbox = page.getByRole("region", { name: "Check your inbox" });
    await expect(inbox).toContainText(`Open the e-mail we sent to ${email}`);
    await expect(inbox).toContainText("Come back here and log in with your password.");
    await waitForMail(email, (m) => /Confirm your/.test(m.subject));

    // No e-mail? One tap sends a fresh link.
    await inbox.getByRole("button", { name: "Resend the e-mail" }).click();
    await expect(inbox.getByRole("status")).toHaveText("Sent again. It can take a minute; look in spam or junk too.");
    await expect
      .poll(async () => {
        const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`);
        return ((await response.json()) as { subject: string }[]).filter((m) => /Confirm your/.test(m.subject)).length;
      })
      .toBe(2);

    // The second link confirms; the success view says what comes after the redirect.
    const mails = (await (
      await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`)
    ).json()) as {
      links: string[];
    }[];
    const link = mails.at(-1)!.links.find((l) => l.includes("/api/auth/verify-email"))!;
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(pathOf(link));
    await expect(page.getByRole("heading", { name: "Email Verified ✅" })).toBeVisible();
    await expect(page.getByText("Redirecting you to the home page...")).toBeVisible();
    await expect(page.getByText("Next: log in with your e-mail and password to start your challenge.")).toBeVisible();
  });

  test("opened on 127.0.0.1 instead of localhost, sign-up and login work (issue 12, row 11)", async ({ page }) => {
    const origin = `http://127.0.0.1:${E2E.appPort}`;
    const email = uniqueEmail("loopback");
    await page.goto(`${origin}/auth/Signup`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("First Name").fill("Lupo");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create a free account" }).click();
    await expect(page.getByText("Verify your email and then login")).toBeVisible();
    await expect(page.getByText("This request was refused")).toHaveCount(0);

    const mail = await waitForMail(email, (m) => /Confirm your/.test(m.subject));
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    await page.request.get(`${origin}${pathOf(link!)}`, { maxRedirects: 0 });
    await page.goto(`${origin}/auth/Login`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${origin}/ChallengeAccepted`);
    await expect(page.getByTestId("navbar-first-name")).toHaveText("Lupo");
  });

  test("a runner who finished onboarding lands on the dashboard after login", async ({ page }) => {
    const user = await createConfirmedUser();
    await logIn(page, user);
    await analyzedPlan(page);
    await page.request.post("/api/auth/sign-out", { headers: { origin: E2E.baseUrl }, data: {} });

    await page.goto("/auth/Login");
    await page.getByLabel("Email Address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("logging in before confirming explains what to do", async ({ page }) => {
    const email = uniqueEmail("early");
    await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: E2E.baseUrl },
      data: { email, password: strongPassword, firstName: "Early", name: "Early", acceptTerms: true },
    });
    await page.goto("/auth/Login");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(strongPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Please confirm your email first: check your inbox (and spam folder) for the confirmation link we sent you.",
    );
    await expect(page).toHaveURL(/\/auth\/Login$/);
  });

  test("a wrong password is refused with the server's message", async ({ page }) => {
    const user = await createConfirmedUser();
    await page.goto("/auth/Login");
    await page.getByLabel("Email Address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-pass1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  });

  test("signed-in visitors of the account screens go to the dashboard", async ({ page, signedIn }) => {
    await analyzedPlan(page);
    for (const path of ["/auth/Login", "/auth/Signup", "/reset-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByTestId("navbar-first-name")).toHaveText(signedIn.firstName);
  });
});

test.describe("validation messages (SPEC.md section 5)", () => {
  test("sign-up form", async ({ page }) => {
    await page.goto("/Auth/Signup");
    await page.getByRole("button", { name: "Create a free account" }).click();
    await expect(page.getByText("First name is required.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(
      page.getByText("Password must be at least 6 characters and contain at least one letter and one number."),
    ).toBeVisible();
    await expect(page.getByText("Please confirm that you are 18 or older and accept the terms.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms of Service", exact: true })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
    await expect(page.getByRole("link", { name: "Privacy Policy", exact: true })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );

    await page.getByLabel("Password", { exact: true }).fill("abcdefgh");
    await expect(
      page.getByText("Password must be at least 6 characters and contain at least one letter and one number."),
    ).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("abc123");
    await expect(page.getByText("Password must be at least 6 characters and contain")).toBeHidden();
    await page.getByLabel("Email Address").fill("runner@example");
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await page.getByLabel("Email Address").fill("runner@example.com");
    await expect(page.getByText("Please enter a valid email address.")).toBeHidden();
    // Nothing was sent: no account exists for the address typed.
    expect(await (await page.request.get("/api/me")).json()).toEqual({ user: null, onboarding: null });
  });

  test("login form and the reset request", async ({ page }) => {
    await page.goto("/auth/Login");
    await expect(page.getByRole("heading", { name: "Sign in to access your dashboard" })).toBeVisible();
    await expect(page.getByText(/Check your spam or junk folder/)).toBeVisible();
    await page.getByRole("button", { name: "Reset it here" }).click();
    await expect(page.getByText("Please enter your email first.")).toBeVisible();

    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
  });

  test("reset password form and broken links", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByText("⚠️ Reset token missing from URL.")).toBeVisible();
    await page.goto("/reset-password?error=INVALID_TOKEN");
    await expect(page.getByText("⚠️ Invalid or expired reset link.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();

    await page.goto("/reset-password?token=made-up-token");
    await page.getByLabel("New Password").fill("abcdefg");
    await page.getByLabel("Confirm Password").fill("abcdefh");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(
      page.getByText("❌ Password must be at least 6 characters and contain at least one letter and one number."),
    ).toBeVisible();
    await expect(page.getByText("❌ Passwords do not match.")).toBeVisible();
    await page.getByLabel("New Password").fill("fresh2run");
    await page.getByLabel("Confirm Password").fill("fresh2run");
    await page.getByRole("button", { name: "Update Password" }).click();
    // The server does not know this token.
    await expect(page.getByText("⚠️ Invalid or expired reset link.")).toBeVisible();
  });

  test("e-mail confirmation page without a valid link", async ({ page }) => {
    for (const path of ["/EmailConfirmed", "/EmailConfirmed?confirmed=1&error=TOKEN_EXPIRED"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Email Confirmation Issue" })).toBeVisible();
      await expect(
        page.getByText(
          "Invalid confirmation link. Please check your email and try clicking the confirmation link again.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Continue to Get Started" })).toHaveAttribute(
        "href",
        "/ChallengeAccepted",
      );
      await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    }
    await page.goto("/EmailConfirmed?error=SOMETHING_ELSE");
    await expect(page.getByText("An unexpected error occurred.")).toBeVisible();
  });

  test("too many reset requests for one address show the server's message", async ({ page }) => {
    const email = uniqueEmail("often");
    await page.goto("/auth/Login");
    await page.getByLabel("Email Address").fill(email);
    const reset = page.getByRole("button", { name: "Reset it here" });
    // The default limit is 5 requests per address per 15 minutes.
    for (let i = 0; i < 5; i++) {
      await reset.click();
      await expect(page.getByText("Password reset link sent! Check your inbox.")).toBeVisible();
    }
    await reset.click();
    await expect(
      page.getByText(/^Error sending reset link: Too many attempts\. Please wait \d+ minutes and try again\.$/),
    ).toBeVisible();
  });
});

test.describe("password reset", () => {
  test("requested on the login screen, finished from the e-mail, link good only once", async ({ page }) => {
    const user = await createConfirmedUser();
    await page.goto("/auth/Login");
    await page.getByLabel("Email Address").fill(user.email);
    await page.getByRole("button", { name: "Reset it here" }).click();
    await expect(page.getByText("Password reset link sent! Check your inbox.")).toBeVisible();

    const mail = await waitForMail(user.email, (m) => /Reset your/.test(m.subject));
    const link = mail.links.find((l) => l.includes("/api/auth/reset-password/"));
    expect(link).toBeTruthy();
    await page.goto(pathOf(link!));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New Password").fill("fresh2run");
    await page.getByLabel("Confirm Password").fill("fresh2run");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("✅ Password updated! Redirecting to login...")).toBeVisible();
    // It says login, and login is where it goes.
    await expect(page).toHaveURL(/\/auth\/Login$/, { timeout: 5000 });
    await expect(page.getByText("Member Login")).toBeVisible();

    await signInWithPassword(page, { ...user, password: "fresh2run" });
    expect((await me(page)).user?.firstName).toBe(user.firstName);
    await page.request.post("/api/auth/sign-out", { headers: { origin: E2E.baseUrl }, data: {} });

    await page.goto(pathOf(link!));
    await expect(page.getByText("⚠️ Invalid or expired reset link.")).toBeVisible();
  });
});
