import type { Page, Request } from "@playwright/test";
import { screenTimeMessages } from "#shared/screen-time/rules.ts";
import { addDays } from "#shared/time.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// His screen time, measured (issue 55): typed or read from a screenshot on the phone, confirmed before it is saved,
// and the number on the dashboard and the chart in insights. The page's real content security policy applies: the
// reader's WebAssembly must run under it.

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

async function datedPlan(page: Page) {
  const { challenge } = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: "2031-03-01" })),
  });
}

/** Every request the page sends with a body: what left his phone. */
function bodiesSent(page: Page) {
  const sent: { url: string; body: Buffer }[] = [];
  page.on("request", (request: Request) => {
    const body = request.postDataBuffer();
    if (body) sent.push({ url: request.url(), body });
  });
  return sent;
}

test("a typed starting point, then a screenshot read on his phone that replaces today's once he confirms, sending numbers only", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(150_000);
  await datedPlan(page);
  await gotoHydrated(page, "/dashboard");
  const card = page.getByRole("region", { name: "Screen time" });
  await expect(card.getByTestId("taken-back")).toHaveText("How much does your phone take?");

  await card.getByRole("button", { name: "Add my screen time" }).click();
  await card.getByRole("button", { name: "Type the hours" }).click();
  await card.getByLabel("Hours").fill("25");
  await card.getByRole("button", { name: "Save check-in" }).click();
  await expect(card).toContainText(screenTimeMessages.overADay);
  await card.getByLabel("Hours").fill("7");
  await card.getByLabel("Minutes").fill("10");
  await card.getByRole("button", { name: "Save check-in" }).click();
  await expect(card.getByTestId("taken-back")).toHaveText("7 h 10 min a day to start");
  await expectNoSidewaysScroll(page);

  const sent = bodiesSent(page);
  await card.getByRole("button", { name: "Check in" }).click();
  await card.getByTestId("screenshot-input").setInputFiles("tests/fixtures/screen-time/ios-light-en-day.png");
  await expect(card.getByRole("img", { name: "Your screenshot, on this phone only" })).toBeVisible();
  // Read in the browser: 6h 22m, "Today", and the apps it lists, offered for him to keep or not.
  await expect(card.getByLabel("Hours")).toHaveValue("6", { timeout: 90_000 });
  await expect(card.getByLabel("Minutes")).toHaveValue("22");
  // Its top apps are offered, never kept unless he ticks them.
  await expect(card.getByRole("checkbox", { name: /^Keep my top apps/ })).not.toBeChecked();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("read.png"), fullPage: true });

  // He corrects what was read before anything is saved.
  await card.getByLabel("Minutes").fill("20");
  await card.getByRole("button", { name: "Save check-in" }).click();
  await expect(card.getByRole("alert")).toContainText(
    "You already checked in 7 h 10 min for today. Replace it with 6 h 20 min?",
  );
  await card.getByRole("button", { name: "Replace it" }).click();
  await expect(card.getByTestId("taken-back")).toHaveText("6 h 20 min a day to start");

  // No screenshot byte left the phone: one small JSON body of numbers.
  const checkIns = sent.filter((s) => s.url.includes("/api/screen-time/days/"));
  expect(checkIns).toHaveLength(1);
  expect(JSON.parse(checkIns[0]!.body.toString())).toEqual({
    minutes: 380,
    period: "day",
    source: "screenshot",
    replace: true,
  });
  expect(sent.reduce((bytes, s) => bytes + s.body.length, 0)).toBeLessThan(2_000);
});

test("a picture that is not a screen-time screen gets a clear message and saves nothing", async ({
  page,
  signedIn: _,
}) => {
  test.setTimeout(120_000);
  await datedPlan(page);
  await gotoHydrated(page, "/dashboard");
  const card = page.getByRole("region", { name: "Screen time" });
  await card.getByRole("button", { name: "Add my screen time" }).click();
  await card.getByTestId("screenshot-input").setInputFiles("tests/fixtures/screen-time/wrong-chat.png");
  await expect(card).toContainText(screenTimeMessages.notScreenTime, { timeout: 90_000 });
  const overview = await (await page.request.get("/api/screen-time")).json();
  expect(overview.days).toEqual([]);
});

test.describe("with accessibility scans", () => {
  // axe is injected as a script, which the real policy refuses.
  test.use({ bypassCSP: true });

  test("the number taken back on the dashboard, and week by week in insights", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    const { today } = await (await page.request.get("/api/dashboard")).json();
    const put = (day: string, minutes: number) =>
      page.request.put(`/api/screen-time/days/${day}`, { data: { minutes, period: "day", source: "typed" } });
    expect((await put(addDays(today, -21), 400)).status()).toBe(200);
    expect((await put(addDays(today, -7), 320)).status()).toBe(200);
    expect((await put(today, 280)).status()).toBe(200);

    await gotoHydrated(page, "/dashboard");
    const card = page.getByRole("region", { name: "Screen time" });
    await expect(card.getByTestId("taken-back")).toHaveText("1 h 40 min a day taken back");
    await expect(card).toContainText("Based on 2 check-ins.");
    await card.getByRole("button", { name: "Check in" }).click();
    await card.getByRole("button", { name: "Type the hours" }).click();
    expect(await axeViolations(page), "the dashboard with a check-in open").toEqual([]);
    await card.getByRole("button", { name: "Cancel" }).click();
    await page.screenshot({ path: test.info().outputPath("dashboard.png"), fullPage: true });

    await gotoHydrated(page, "/dashboard/results");
    const chart = page.getByRole("region", { name: "Screen time, week by week" });
    await expect(chart).toContainText("1 h 40 min a day taken back");
    await expect(chart.locator("svg rect").first()).toBeVisible();
    await expect(chart.getByRole("table").getByRole("row").last().getByRole("cell").first()).toHaveText("4 h 40 min");
    await expectNoSidewaysScroll(page);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("insights.png"), fullPage: true });
    expect(await axeViolations(page), "insights with the screen-time chart").toEqual([]);
  });
});

test("the quiz asks for his phone's number under the first question, and he may skip it", async ({
  page,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/quiz");
  const ask = page.getByRole("region", { name: "Your phone keeps the number" });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("quiz.png"), fullPage: true });
  await ask.getByRole("button", { name: "Add my screen time" }).click();
  await ask.getByRole("button", { name: "Type the hours" }).click();
  await ask.getByLabel("Hours").fill("5");
  await ask.getByLabel("Minutes").fill("45");
  await ask.getByRole("button", { name: "Save check-in" }).click();
  await expect(ask).toContainText("Starting point saved.");
  await expectNoSidewaysScroll(page);
  await page.getByLabel(/Where does your time go/).fill("Three hours of reels every evening, and I hate it.");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByText("Assessment · 2/5")).toBeVisible();
  await expect(ask).toBeHidden();
  const overview = await (await page.request.get("/api/screen-time")).json();
  expect(overview.summary.startingPoint.minutes).toBe(345);
});
