import { readFile } from "node:fs/promises";
import { E2E } from "../support/e2e-ports.ts";
import { newAccount, signUpBody } from "../support/personas.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { expect, gotoHydrated, signInWithPassword, test, waitForMail } from "./fixtures.ts";
import { validateRun } from "./onboarding-helpers.ts";

const headers = { origin: E2E.baseUrl };

async function mailsTo(email: string): Promise<CapturedMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CapturedMail[];
}

test.describe("your data on the profile page", () => {
  test("'Download my data' saves a dated JSON file of everything stored about him", async ({ page, signedIn }) => {
    await validateRun(page);
    await gotoHydrated(page, "/dashboard/profile");
    const section = page.getByRole("region", { name: "Your data" });
    await expect(section).toContainText("Your password and sign-in secrets are never in it.");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^unscroll-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
    expect(file.user.email).toBe(signedIn.email);
    expect(file.tables.users.rows[0]).toMatchObject({ email: signedIn.email, firstName: signedIn.firstName });
    expect(file.tables.run_validations.rows[0].notes).toBe("Hardest hour of my year, but I kept moving.");
    expect(file.tables.sessions.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(file)).not.toMatch(/\$argon2/);
  });

  test("'Delete my account': a wrong password deletes nothing, the right one deletes it and signs him out; the address signs up anew", async ({
    page,
    signedIn,
  }) => {
    await validateRun(page);
    await gotoHydrated(page, "/dashboard/profile");
    const danger = page.getByRole("region", { name: "Delete my account" });
    await danger.getByRole("button", { name: "Delete my account" }).click();

    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("An active premium subscription is cancelled now");
    await expect(dialog).toContainText(`We send a confirmation to ${signedIn.email}.`);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please enter your password to confirm.");

    await dialog.getByLabel("Your password").fill(`${signedIn.password}x`);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("That password is not correct. Your account was not deleted.");
    expect((await (await page.request.get("/api/me")).json()).user?.email).toBe(signedIn.email);

    const mailsBefore = (await mailsTo(signedIn.email)).length;
    await dialog.getByLabel("Your password").fill(signedIn.password);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
    expect(await (await page.request.get("/api/me")).json()).toEqual({ user: null, onboarding: null });
    const mail = await waitForMail(signedIn.email, (m) => m.subject.includes("deleted"));
    expect(mail.subject).toBe("Your Unscroll account has been deleted");

    await gotoHydrated(page, "/dashboard/profile");
    await expect(page).toHaveURL(/\/auth\/Login/);
    const oldLogin = await page.request.post("/api/auth/sign-in/email", {
      headers,
      data: { email: signedIn.email, password: signedIn.password },
    });
    expect(oldLogin.status()).toBe(401);

    // The same address signs up again and starts empty.
    const again = newAccount({ email: signedIn.email, firstName: "Marcus" });
    expect((await page.request.post("/api/auth/sign-up/email", { headers, data: signUpBody(again) })).ok()).toBe(true);
    await expect
      .poll(async () => (await mailsTo(again.email)).length, { timeout: 10_000 })
      .toBeGreaterThan(mailsBefore + 1);
    const confirmation = (await mailsTo(again.email)).at(-1);
    const link = confirmation?.links.find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeTruthy();
    expect((await page.request.get(link ?? "", { maxRedirects: 0 })).status()).toBeLessThan(400);
    await signInWithPassword(page, again);
    const file = await (await page.request.get("/api/me/data")).json();
    expect(file.user.email).toBe(again.email);
    expect(file.tables.run_validations.rows).toEqual([]);
  });
});
