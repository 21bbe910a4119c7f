import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { proofMessages } from "#shared/proof/rules.ts";
import { runWindowMessages } from "#shared/run-challenge/contracts.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import {
  acceptedPlan,
  apiPatch,
  apiPost,
  expectNoSidewaysScroll,
  milestoneReadyForProof,
} from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Proof (issue 26, decision 0107): the run validated from an activity file, with its figures and route on the result
// and the insights page; a photo as proof of a milestone on the dashboard. At both widths: the drop zone, the figures
// beside or above the route, and the milestone card change layout.

test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

const scan = async (page: Page, what: string) => expect(await axeViolations(page), what).toEqual([]);

/**
 * A fixture activity moved in time so that it started `hoursAgo` hours before now: the checks compare it with the
 * server's clock, which in the browser tests is the real one.
 */
function recentActivity(name: string, hoursAgo = 3) {
  const text = readFileSync(new URL(`../fixtures/activity/${name}`, import.meta.url), "utf8");
  const recorded = Date.parse("2026-03-14T08:00:00Z");
  const shift = Date.now() - hoursAgo * 3_600_000 - recorded;
  const moved = text.replace(
    /<time>([^<]+)<\/time>/g,
    (_, time: string) => `<time>${new Date(Date.parse(time) + shift).toISOString()}</time>`,
  );
  return { name, mimeType: "application/gpx+xml", buffer: Buffer.from(moved) };
}

test("he validates his run with a GPX file: a ride is refused, the run shows its figures and route", async ({
  page,
  signedIn: _,
}) => {
  await apiPost(page, "/api/onboarding/challenge", { maxDurationMinutes: 40 });
  await page.goto("/ValidateChallenge");
  const form = page.getByRole("form", { name: "Validate your run" });
  await expect(form.getByText("Upload your run")).toBeVisible();
  await form.getByLabel("How did it go?").fill("Wanted to stop at the bridge. Did not.");

  // A ride: refused with its own message under the file, and the typed field stays hidden while a file is chosen.
  const picker = page.getByTestId("run-file").locator('input[type="file"]');
  await picker.setInputFiles(recentActivity("ride.gpx"));
  await expect(form.getByLabel("Today's run (minutes)")).toHaveCount(0);
  await form.getByRole("button", { name: "Validate my run" }).click();
  await expect(page.getByTestId("run-file").getByRole("alert")).toHaveText(proofMessages.tooFast);
  expect((await (await page.request.get("/api/onboarding")).json()).runValidation).toBeNull();

  // The run: 70 minutes of moving time validate the challenge. The server's clock is the real one and he accepted
  // just now, so the run starts ten minutes before that: inside the slack a watch started at the door gets.
  await picker.setInputFiles(recentActivity("run.gpx", 1 / 6));
  await expect(page.getByTestId("run-file").getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Validate my run" }).click();
  const modal = page.getByRole("dialog", { name: "Initial Challenge Complete!" });
  await expect(modal).toBeVisible();
  await scan(page, "the challenge-complete modal");
  await modal.getByRole("button", { name: "Continue Without Sharing" }).click();

  await page.goto("/ValidateChallenge");
  const validated = page.getByTestId("run-validated");
  await expect(validated).toContainText("You ran 1 h 10 min");
  const summary = validated.getByTestId("activity-summary");
  await expect(summary).toContainText("11.1 km");
  await expect(summary).toContainText("1:10:00");
  await expect(summary).toContainText("/km");
  const route = summary.getByRole("img", { name: /^The shape of the route: 11\.1 km/ });
  await expect(route).toBeVisible();
  expect(await route.locator("polyline").getAttribute("points")).toMatch(/^(\d+(\.\d)?,\d+(\.\d)? ){20,}/);
  await expectNoSidewaysScroll(page);
  await scan(page, "the validated run with its route");
});

/** When the moved file starts: its first point. */
const startOf = (file: { buffer: Buffer }) => /<time>([^<]+)<\/time>/.exec(file.buffer.toString("utf8"))?.[1] ?? "";

test.describe("on his own clock, far from the server's", () => {
  // Fourteen hours ahead of UTC: a day read on the server's clock, or the day he uploaded, would show here.
  const timezoneId = "Pacific/Kiritimati";
  test.use({ timezoneId });

  test("issue 35 row 4: a run from before he accepted is refused and says why; his run's day is the file's, the same on the result and its card", async ({
    page,
    signedIn: _,
  }) => {
    await apiPost(page, "/api/onboarding/challenge", { maxDurationMinutes: null });
    await page.goto("/ValidateChallenge");
    const form = page.getByRole("form", { name: "Validate your run" });
    await form.getByLabel("How did it go?").fill("Slow start, strong finish along the river.");
    const picker = page.getByTestId("run-file").locator('input[type="file"]');

    // Recorded two days before he accepted the challenge: refused under the file, nothing stored.
    await picker.setInputFiles(recentActivity("run.gpx", 48));
    await form.getByRole("button", { name: "Validate my run" }).click();
    await expect(page.getByTestId("run-file").getByRole("alert")).toHaveText(runWindowMessages.beforeAcceptance);
    expect((await (await page.request.get("/api/onboarding")).json()).runValidation).toBeNull();

    const run = recentActivity("run.gpx", 1 / 6);
    await picker.setInputFiles(run);
    await form.getByRole("button", { name: "Validate my run" }).click();
    await expect(page.getByRole("dialog", { name: "Initial Challenge Complete!" })).toBeVisible();

    await page.goto("/ValidateChallenge");
    const validated = page.getByTestId("run-validated");
    const day = new Date(startOf(run)).toLocaleDateString("en-GB", {
      timeZone: timezoneId,
      day: "numeric",
      month: "long",
    });
    await expect(validated).toContainText(`You ran 1 h 10 min on ${day}`);
    await expect(validated.getByTestId("activity-summary")).toContainText(day);
    await expectNoSidewaysScroll(page);
  });
});

test("a photo proves a milestone on the dashboard, and the insights page shows the run", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  const { milestone } = await milestoneReadyForProof(page);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4ade80" } })
    .jpeg()
    .toBuffer();
  await milestone
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  const proof = milestone.getByTestId("proof-photo");
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
  await expectNoSidewaysScroll(page);
  await scan(page, "a milestone with its photo proof");

  // Not proof: its own message, and the photo stays.
  await milestone.getByRole("button", { name: "Replace proof" }).click();
  await milestone
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("I did it, trust me") });
  await expect(milestone.getByRole("alert")).toHaveText(proofMessages.notProof);
  await milestone.getByRole("button", { name: "Cancel" }).click();
  await expect(proof).toBeVisible();

  // Removed: gone after a reload too.
  await milestone.getByRole("button", { name: "Remove proof" }).click();
  await expect(milestone.getByTestId("proof-photo")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("milestone").first().getByRole("button", { name: "Add proof" })).toBeVisible();

  // The insights page shows the run he validated (typed, in acceptedPlan).
  await gotoHydrated(page, "/dashboard/results");
  const run = page.getByTestId("run-card");
  await expect(run).toContainText("Your first run");
  await expect(run).toContainText("1 h 5 min");
  await scan(page, "the insights page with the run");
});

test("issue 53 row 11: a run as proof of a milestone that is not about moving is kept only once he says so; a photo fits any", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(90_000);
  const { challenge } = await acceptedPlan(page);
  const first = challenge.milestones[0];
  if (!first) throw new Error("a challenge without milestones");
  const words = "Hold ten real conversations with people who could buy";
  await apiPatch(page, `/api/challenges/${challenge.id}`, { title: "Sell my first table" });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await apiPatch(page, `/api/milestones/${first.id}`, { milestoneDescription: words, milestoneDeadline: due });
  await gotoHydrated(page, "/dashboard");
  const milestone = page.getByTestId("milestone").filter({ hasText: words });
  const proofOf = async () =>
    (await (await page.request.get("/api/dashboard")).json()).challenges
      .flatMap((c: { milestones: { id: string; proof: unknown }[] }) => c.milestones)
      .find((m: { id: string }) => m.id === first.id)?.proof;

  // The run of 11.1 km: asked about, with both sides named, and not kept while he has not answered yes.
  await milestone.getByRole("button", { name: "Add proof" }).click();
  const run = recentActivity("run.gpx");
  await milestone.locator('input[type="file"]').setInputFiles(run);
  const ask = page.getByRole("dialog", { name: "Does this prove it?" });
  await expect(ask.getByTestId("proof-mismatch")).toHaveText(
    `This is an activity of 11.1 km; "${words}" doesn't look like one. Use it as proof anyway?`,
  );
  expect(await proofOf()).toBeNull();
  await scan(page, "the question about a run for a conversation milestone");
  await shotAt(page, "proof-mismatch");
  await ask.getByRole("button", { name: "Choose another proof" }).click();
  await expect(ask).toBeHidden();
  expect(await proofOf()).toBeNull();
  await expect(milestone.getByTestId("activity-summary")).toHaveCount(0);

  // Asked again, and this time he keeps it: the card shows the run.
  await milestone.locator('input[type="file"]').setInputFiles(run);
  await ask.getByRole("button", { name: "Use it anyway" }).click();
  await expect(milestone.getByTestId("activity-summary")).toContainText("11.1 km");
  expect(await proofOf()).toMatchObject({ kind: "activity" });

  // A photo can show anything: no question.
  await milestone.getByRole("button", { name: "Replace proof" }).click();
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4ade80" } })
    .jpeg()
    .toBuffer();
  await milestone
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_2042.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(milestone.getByTestId("proof-photo")).toBeVisible();
  await expect(ask).toBeHidden();
  await expectNoSidewaysScroll(page);
});

/** This row's screens, one per width, to be looked at. */
async function shotAt(page: Page, name: string) {
  mkdirSync("/tmp/shots-4030", { recursive: true });
  await page.screenshot({ path: `/tmp/shots-4030/${name}-${test.info().project.name}.png` });
}
