import type { Page } from "@playwright/test";
import { OFFLINE_KEY, serviceWorkerReady } from "../support/service-worker.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch, apiPost } from "./onboarding-helpers.ts";
import { withStoredConsent } from "./public-helpers.ts";

// Changes made while the server cannot be reached (issue 53 row 1, decision 0148): a todo ticked, a milestone
// completed and a milestone's text rewritten are kept, shown at once, and sent when the server answers again: in
// order, once each, and whether the page stayed open, was opened again from the installed app, or never lost its
// network at all.

const NEW_TEXT = "Call three gyms by Friday and book one trial session";

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

type Plan = { challenge: { id: string; milestones: { id: string }[] }; todoIds: string[] };

/** His plan on the dashboard: three dated milestones, the first broken into todos. */
async function planOnDashboard(page: Page): Promise<Plan> {
  const { challenge } = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: challenge.milestones.map((m, i) => ({ id: m.id, milestoneDeadline: `2031-0${i + 3}-01` })),
  });
  const { todos } = await apiPost(page, `/api/milestones/${challenge.milestones[0]!.id}/todos`, {});
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("milestone").first().getByRole("checkbox").first()).toBeVisible();
  return { challenge, todoIds: todos.map((t: { id: string }) => t.id) };
}

/**
 * Every todo or milestone change the server answered: a change sent twice shows twice. (The dashboard's time zone
 * check may send his settings meanwhile.)
 */
function answeredChanges(page: Page) {
  const answered: string[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().method() !== "PATCH" || !/^\/api\/(todos|milestones)\//.test(path)) return;
    if (response.ok()) answered.push(`PATCH ${path}`);
  });
  return answered;
}

/** The three changes, made on screen; each shows at once. */
async function changeThreeThings(page: Page) {
  const [first, second, third] = [0, 1, 2].map((i) => page.getByTestId("milestone").nth(i));
  await first!.getByRole("checkbox").first().check();
  await second!.getByRole("button", { name: "Mark complete" }).click();
  await third!.getByRole("button", { name: /^Edit .* text$/ }).click();
  await third!.getByRole("textbox").fill(NEW_TEXT);
  await third!.getByRole("button", { name: "Save" }).click();
  await expectChangesOnScreen(page);
}

async function expectChangesOnScreen(page: Page) {
  const [first, second, third] = [0, 1, 2].map((i) => page.getByTestId("milestone").nth(i));
  await expect(first!.getByRole("checkbox").first()).toBeChecked();
  await expect(second!.getByRole("button", { name: "✓ Completed" })).toBeVisible();
  await expect(third!.getByText(NEW_TEXT)).toBeVisible();
}

/** On the server, each change once: the todo ticked, the milestone completed, the text rewritten. */
async function expectChangesOnServer(page: Page, { challenge, todoIds }: Plan, answered: string[]) {
  await expect
    .poll(async () => {
      const dashboard = await (await page.request.get("/api/dashboard")).json();
      const milestones = dashboard.challenges.find((c: { id: string }) => c.id === challenge.id).milestones;
      return {
        todos: milestones[0].todos.map((t: { todoCompleted: boolean }) => t.todoCompleted),
        completed: milestones.map((m: { milestoneCompleted: boolean }) => m.milestoneCompleted),
        text: milestones[2].milestoneDescription,
      };
    })
    .toEqual({
      todos: todoIds.map((_, i) => i === 0),
      completed: [false, true, false],
      text: NEW_TEXT,
    });
  await expect
    .poll(() => [...answered].sort())
    .toEqual(
      [
        `PATCH /api/todos/${todoIds[0]}`,
        `PATCH /api/milestones/${challenge.milestones[1]!.id}`,
        `PATCH /api/milestones/${challenge.milestones[2]!.id}`,
      ].sort(),
    );
}

const notice = (page: Page) => page.getByRole("status").filter({ hasText: "changes are kept on this device" });

test("issue 53 row 1: changes made in a page that went offline are sent once when it is back online", async ({
  page,
  context,
  signedIn: _,
}) => {
  const plan = await planOnDashboard(page);
  const answered = answeredChanges(page);

  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await changeThreeThings(page);
  await expect(notice(page)).toContainText("3 changes are kept on this device and sent when you are back online.");
  await expect(page.getByText("Failed to update")).toHaveCount(0);

  await context.setOffline(false);
  await expect(notice(page)).toHaveCount(0);
  await expectChangesOnServer(page, plan, answered);
  await expectChangesOnScreen(page);
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(answered).toHaveLength(3);
});

test("issue 53 row 1: changes made while the server cannot be reached are kept and sent once when it answers", async ({
  page,
  signedIn: _,
}) => {
  const plan = await planOnDashboard(page);
  const answered = answeredChanges(page);

  // The phone says it is online; every request to the server fails as a dropped connection does.
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await changeThreeThings(page);
  await expect(notice(page)).toContainText(
    "Unscroll cannot be reached right now. 3 changes are kept on this device and sent as soon as it answers.",
  );
  await expect(page.getByText("Failed to update")).toHaveCount(0);

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await expect(notice(page)).toHaveCount(0, { timeout: 15_000 });
  await expectChangesOnServer(page, plan, answered);
  await expectChangesOnScreen(page);
  expect(answered).toHaveLength(3);
});

test.describe("the installed app", () => {
  // The service worker's cached app shell is what opens offline (decision 0093).
  test.use({ serviceWorkers: "allow" });

  test("issue 53 row 1: changes made in the installed app opened offline outlive closing it and are sent once", async ({
    page,
    context,
    signedIn: _,
  }) => {
    const plan = await planOnDashboard(page);
    await serviceWorkerReady(page);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, OFFLINE_KEY)).toBe(true);
    const answered = answeredChanges(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
    await changeThreeThings(page);
    await expect(notice(page)).toContainText("3 changes are kept on this device");

    // Closed and opened again, still offline: the changes are still his, on screen and waiting.
    await page.reload();
    await expectChangesOnScreen(page);
    await expect(notice(page)).toContainText("3 changes are kept on this device and sent when you are back online.");

    await context.setOffline(false);
    await expect(notice(page)).toHaveCount(0);
    await expectChangesOnServer(page, plan, answered);
    await expectChangesOnScreen(page);
    expect(answered).toHaveLength(3);
  });
});
