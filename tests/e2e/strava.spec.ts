import type { Page } from "@playwright/test";
import { stravaMessages } from "#shared/strava/rules.ts";
import { acceptedMinutesAgo, expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { withStoredConsent } from "./public-helpers.ts";

// Issue 56 with the local Strava (src/server/stand-ins/strava): he connects on the challenge screen in three taps,
// "runs" on the stand-in's developer page, and his first run is validated without a file, within 5 s of the event.
// Each test authorizes under a first name of its own and records as that athlete (/local-strava/record?athlete=), so
// the two projects' tests can share the one local Strava.

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

/** His first name on the local Strava, one per test: "Marcus Qbxe". */
function athleteName() {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `Marcus ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** A full-page screenshot in the test's output folder, named by the screen and the project's width. */
async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

/** The stand-in's "Record a run" page, in a second tab as a developer would use it: records and sends the event. */
async function record(
  page: Page,
  athlete: string,
  run: { km: number; paceMinutes: number; sport: "Run" | "Ride" | "Walk"; ago: number },
) {
  const strava = await page.context().newPage();
  await strava.goto(`/local-strava/record?athlete=${encodeURIComponent(athlete)}`);
  await expect(strava.getByText(`As ${athlete} (athlete`)).toBeVisible();
  await strava.getByLabel("Distance (km)").fill(String(run.km));
  await strava.getByLabel("Pace (min/km)").fill(String(run.paceMinutes));
  await strava.getByLabel("Sport").selectOption(run.sport);
  await strava.getByLabel("Started minutes ago").fill(String(run.ago));
  await strava.getByRole("button", { name: "Record and send" }).click();
  await strava.waitForURL(/\/local-strava\/record\?athlete=/);
  const sentAt = Date.now();
  await strava.close();
  return sentAt;
}

/** Connect with Strava (tap 1), Authorize on the local Strava's page (tap 2), and back on his screen, connected. */
async function connect(page: Page, athlete: string, backTo = "/ChallengeAccepted") {
  await page.getByRole("button", { name: "Connect with Strava" }).first().click();
  await page.waitForURL(/\/local-strava\/oauth\/authorize/);
  // The stand-in asks his first name, as Strava knows it; the app shows it back.
  await page.getByLabel("Your first name on this local Strava").fill(athlete);
  await page.getByRole("button", { name: "Authorize" }).click();
  await page.waitForURL((url) => url.pathname === backTo);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("connects on the challenge screen and his first run is validated from Strava without a file", async ({
  page,
  signedIn: user,
}) => {
  const athlete = athleteName();
  await gotoHydrated(page, "/ChallengeAccepted");
  await expect(page.getByTestId("countdown")).toBeVisible();
  // He accepted two hours ago and went out since: the run below started inside his 24 hours.
  await expect
    .poll(async () => (await (await page.request.get("/api/onboarding")).json()).challengeAcceptedAt)
    .not.toBeNull();
  await acceptedMinutesAgo(user.email, 120);

  const card = page.getByTestId("strava-card");
  await expect(card).toContainText("Connect Strava and your run proves itself when it syncs.");
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shoot(page, "challenge-accepted-not-connected");

  await connect(page, athlete);
  await expect(page.getByText(stravaMessages.connected)).toBeVisible();
  // Said once: the parameter is gone from the address.
  await expect(page).toHaveURL(/\/ChallengeAccepted$/);
  await expect(card).toContainText(`Strava connected as ${athlete}. Go run: your run will appear here when it syncs.`);
  await expect(card).toContainText(stravaMessages.privateRuns);
  await expect(card.getByRole("heading", { name: "Waiting for your run from Strava..." })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, "challenge-accepted-connected");

  // A ride is not his run: it shows, with why.
  await record(page, athlete, { km: 12, paceMinutes: 2.5, sport: "Ride", ago: 90 });
  const ride = card.getByTestId("strava-arrived").filter({ hasText: "ride" });
  await expect(ride).toBeVisible({ timeout: 10_000 });
  // Started 90 minutes ago: "from 23:06" in the day, "from yesterday 23:06" in the first hour and a half after
  // midnight (it failed there in CI at 00:36).
  await expect(ride).toContainText(/^Your .*ride from (yesterday )?\d\d:\d\d \u2014 .+/);

  // The validation screen waits too, and offers no file to look for.
  await gotoHydrated(page, "/ValidateChallenge");
  const waiting = page.getByTestId("strava-waiting");
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText("ride");
  await expect(page.getByTestId("strava-connect-option")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shoot(page, "validate-challenge-waiting");

  // He runs: 10 km at 6:00 /km, started 65 minutes ago. No file is touched from here on.
  const sentAt = await record(page, athlete, { km: 10, paceMinutes: 6, sport: "Run", ago: 65 });
  await expect(page.getByRole("dialog", { name: "Initial Challenge Complete!" })).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - sentAt, "validated within 5 s of the event").toBeLessThan(5_000);
  const validated = page.getByTestId("run-validated");
  await expect(validated).toContainText("Proved by your run from Strava");
  await expect(validated.getByTestId("from-strava")).toHaveText("from Strava");
  await expect(validated).toContainText("10.0 km");
  await shoot(page, "validate-challenge-validated-modal");
  await page.getByRole("button", { name: "Continue Without Sharing" }).click();
  await expect(page).not.toHaveURL(/ValidateChallenge/);
  await gotoHydrated(page, "/ValidateChallenge");
  await expect(validated).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, "validate-challenge-validated");
});

test("settings show whose Strava is connected, and disconnecting asks first", async ({ page, signedIn: _ }) => {
  const athlete = athleteName();
  await gotoHydrated(page, "/ChallengeAccepted");
  await connect(page, athlete);
  await expect(page.getByText(stravaMessages.connected)).toBeVisible();

  await gotoHydrated(page, "/dashboard/settings");
  const section = page.getByTestId("strava-settings");
  await expect(section).toContainText(`Connected as ${athlete} since`);
  await expect(section).toContainText(stravaMessages.privateRuns);
  await section.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shoot(page, "settings-connected");

  await section.getByRole("button", { name: "Disconnect Strava" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect Strava?" });
  await expect(dialog).toBeVisible();
  await shoot(page, "settings-disconnect-confirm");
  await dialog.getByRole("button", { name: "Disconnect", exact: true }).click();
  await expect(section).toContainText(stravaMessages.disconnected);
  await expect(section.getByRole("button", { name: "Connect with Strava" })).toBeVisible();
  expect((await (await page.request.get("/api/strava")).json()).connection).toBeNull();
  await shoot(page, "settings-disconnected");
});

test("a run from Strava is offered as proof of his running milestone, and becomes it with one tap", async ({
  page,
  signedIn: _,
}) => {
  const athlete = athleteName();
  const { challenge } = await acceptedPlan(page);
  const milestone = challenge.milestones[0];
  if (!milestone) throw new Error("a challenge without milestones");
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await apiPatch(page, `/api/milestones/${milestone.id}`, {
    milestoneDescription: "Run 5 km without stopping",
    milestoneDeadline: due,
  });
  // The running milestone's proof offers Strava beside a file.
  await gotoHydrated(page, "/dashboard");
  const card = page.getByTestId("milestone").first();
  await card.getByRole("button", { name: "Add proof" }).click();
  await expect(card.getByTestId("strava-connect-option")).toBeVisible();
  await connect(page, athlete, "/dashboard");
  await expect(page.getByText(stravaMessages.connected)).toBeVisible();

  await record(page, athlete, { km: 8.2, paceMinutes: 5.5, sport: "Run", ago: 50 });
  // Back in the app (a new visit): the run waits for his answer at the top of his dashboard.
  const offer = page.getByTestId("strava-offer");
  await expect(async () => {
    await gotoHydrated(page, "/dashboard");
    await expect(offer).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(offer).toContainText(
    /Your 8\.2 km run from .+ \u2014 use it as proof for \u2018Run 5 km without stopping\u2019\?/,
  );
  await expectNoSidewaysScroll(page);
  await shoot(page, "dashboard-offer");

  await offer.getByRole("button", { name: "Use it as proof" }).click();
  await expect(offer).toHaveCount(0);
  const proved = page.getByTestId("milestone").first();
  await expect(proved.getByTestId("from-strava")).toHaveText("from Strava");
  await expect(proved).toContainText("8.2 km");
  await shoot(page, "dashboard-offer-used");
});
