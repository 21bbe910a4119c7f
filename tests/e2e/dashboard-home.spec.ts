import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { expect, gotoHydrated, gotoShell, holdRequests, test } from "./fixtures.ts";
import {
  acceptedPlan,
  analyzedPlan,
  apiPatch,
  apiPost,
  expectNoSidewaysScroll,
  planChallenges,
  spendAllTokens,
  validateRun,
} from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// Over 400 lines and one job: the dashboard's main view and its rules, on the same built plans.

// The main dashboard view: mission carousel, challenge cards, milestones, todos and their rules (SPEC.md sections
// 2, 4 and 9). Plans are made through the API; the screens before the dashboard have their own tests.

const deadlines = ["2031-03-01", "2031-04-01", "2031-06-01"];

/** Dates every milestone of `challenge` through the API, as the workflow's second step does. */
async function dateMilestones(page: Page, challenge: { milestones: { id: string }[] }) {
  await apiPatch(page, "/api/milestones", {
    milestones: challenge.milestones.map((m, i) => ({ id: m.id, milestoneDeadline: deadlines[i] })),
  });
}

/** A user whose first challenge is accepted and dated: what the workflow leaves behind. */
async function datedPlan(page: Page) {
  const plan = await acceptedPlan(page);
  await dateMilestones(page, plan.challenge);
  return plan;
}

async function dashboardData(page: Page) {
  return (await page.request.get("/api/dashboard")).json();
}

/** The balance as the user sees it: in the sidebar from 768 px, above the cards on a phone. */
const balance = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();

const milestones = (page: Page) => page.getByTestId("milestone");

/** The todos of a milestone, once they are on screen. */
async function todosOf(milestone: ReturnType<typeof milestones>) {
  const todos = milestone.getByRole("checkbox");
  await expect(todos.first()).toBeVisible();
  return { todos, count: await todos.count() };
}

// The cookie banner has its own tests; here it would only cover the lower cards on a phone.
test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test.describe("a user with a plan", () => {
  test("generates todos for one token, ticks them off, and the milestone completes itself", async ({
    page,
    signedIn: _,
  }) => {
    await datedPlan(page);
    await gotoHydrated(page, "/dashboard");
    await expect(balance(page, "5 tokens remaining")).toBeVisible();
    const first = milestones(page).first();
    const progress = page.getByRole("progressbar", { name: "Progress of challenge 1" });
    await expect(progress).toHaveAttribute("aria-valuenow", "0");

    // The generation runs: progress shows and the button cannot be pressed twice.
    const release = await holdRequests(page, "**/api/milestones/*/todos");
    const generate = first.getByRole("button", { name: /Generate todos/ });
    await expect(generate).toHaveAttribute("title", "Generate todos (1 token)");
    await generate.click();
    await expect(first.getByRole("status")).toContainText("Generating your todos...");
    await expect(first.getByRole("button", { name: /Generate todos/ })).toHaveCount(0);
    release();

    await expect(balance(page, "4 tokens remaining")).toBeVisible();
    const todos = first.getByRole("checkbox");
    await expect(todos.first()).toBeVisible();
    const count = await todos.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    // A milestone with todos offers no second generation.
    await expect(first.getByRole("button", { name: /Generate todos/ })).toHaveCount(0);

    for (let i = 0; i < count; i++) {
      await todos.nth(i).check();
      await expect(todos.nth(i)).toBeChecked();
    }
    await expect(first.getByRole("button", { name: "✓ Completed" })).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", "33");
    await expect(page.getByText("33%")).toBeVisible();

    // The server agrees, and a reload shows the same.
    await expect
      .poll(async () => (await dashboardData(page)).challenges[0].milestones[0].milestoneCompleted)
      .toBe(true);
    await page.reload();
    await expect(milestones(page).first().getByRole("button", { name: "✓ Completed" })).toBeVisible();
    await expect(balance(page, "4 tokens remaining")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("a milestone with open todos is refused without a request; un-completing resets its todos", async ({
    page,
    signedIn: _,
  }) => {
    const { challenge } = await datedPlan(page);
    const immediate = challenge.milestones[0]!.id;
    await apiPost(page, `/api/milestones/${immediate}/todos`, {});
    await gotoHydrated(page, "/dashboard");
    const first = milestones(page).first();
    const { todos, count } = await todosOf(first);
    await todos.first().check();
    await expect(todos.first()).toBeChecked();

    const patches: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH" && r.url().includes("/api/milestones/")) patches.push(r.url());
    });
    await first.getByRole("button", { name: "Mark complete" }).click();
    await expect(
      page.getByText(`Please complete all ${count - 1} remaining todo(s) before marking this milestone as complete.`),
    ).toBeVisible();
    await expect(first.getByRole("button", { name: "Mark complete" })).toBeVisible();
    expect(patches).toEqual([]);

    for (let i = 1; i < count; i++) await todos.nth(i).check();
    await expect(first.getByRole("button", { name: "✓ Completed" })).toBeVisible();
    await first.getByRole("button", { name: "✓ Completed" }).click();
    await expect(first.getByRole("button", { name: "Mark complete" })).toBeVisible();
    for (let i = 0; i < count; i++) await expect(todos.nth(i)).not.toBeChecked();
    await expect
      .poll(async () => {
        const saved = (await dashboardData(page)).challenges[0].milestones[0];
        return [saved.milestoneCompleted, saved.todos.some((t: { todoCompleted: boolean }) => t.todoCompleted)];
      })
      .toEqual([false, false]);
  });

  test("a milestone without todos toggles freely; its progress counts a third", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    await gotoHydrated(page, "/dashboard");
    const second = milestones(page).nth(1);
    await second.getByRole("button", { name: "Mark complete" }).click();
    await expect(second.getByRole("button", { name: "✓ Completed" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    // A completed milestone gets no todos.
    await expect(second.getByRole("button", { name: /Generate todos/ })).toHaveCount(0);
  });

  test("an overdue milestone says so in red until it is completed", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    // A day after the first deadline, before the others.
    await page.clock.setFixedTime(new Date("2031-03-02T12:00:00Z"));
    await gotoHydrated(page, "/dashboard");
    const overdue = page.getByText("(Overdue)");
    await expect(overdue).toHaveCount(1);
    await expect(milestones(page).first()).toContainText("(Overdue)");
    await expect(overdue).toHaveClass(/text-danger/);
    await milestones(page).first().getByRole("button", { name: "Mark complete" }).click();
    await expect(page.getByText("(Overdue)")).toHaveCount(0);
  });

  test("a failed change goes back to the saved state with SPEC's message", async ({ page, signedIn: _ }) => {
    const { challenge } = await datedPlan(page);
    await apiPost(page, `/api/milestones/${challenge.milestones[0]!.id}/todos`, {});
    await gotoHydrated(page, "/dashboard");
    const first = milestones(page).first();
    const second = milestones(page).nth(1);

    // Milestone: the change shows at once and the toggle waits for the answer; the failure undoes it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/milestones/*", async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      await held;
      await route.fulfill({ status: 500, json: { error: "Internal Server Error" } });
    });
    await second.getByRole("button", { name: "Mark complete" }).click();
    await expect(second.getByRole("button", { name: "✓ Completed" })).toBeDisabled();
    release();
    await expect(page.getByText("Failed to update milestone. Please try again.")).toBeVisible();
    await expect(second.getByRole("button", { name: "Mark complete" })).toBeEnabled();

    // Todo: the same.
    await page.route("**/api/todos/*", (route) => route.fulfill({ status: 500, json: { error: "Internal" } }));
    const todo = first.getByRole("checkbox").first();
    await todo.click();
    await expect(page.getByText("Failed to update todo. Please try again.")).toBeVisible();
    await expect(todo).not.toBeChecked();
    await expect(todo).toBeEnabled();

    // Nothing was saved.
    const saved = (await dashboardData(page)).challenges[0].milestones;
    expect(saved[1].milestoneCompleted).toBe(false);
    expect(saved[0].todos[0].todoCompleted).toBe(false);
  });

  test("a failed generation spends nothing and says so", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    await page.route("**/api/milestones/*/todos", (route) =>
      route.fulfill({ status: 500, json: { error: "Internal Server Error" } }),
    );
    await gotoHydrated(page, "/dashboard");
    await milestones(page)
      .first()
      .getByRole("button", { name: /Generate todos/ })
      .click();
    await expect(page.getByText("Failed to generate todos. Please try again.")).toBeVisible();
    await expect(
      milestones(page)
        .first()
        .getByRole("button", { name: /Generate todos/ }),
    ).toBeEnabled();
    await expect(balance(page, "5 tokens remaining")).toBeVisible();
  });

  test("a milestone's text and due date change from the dashboard", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    await gotoHydrated(page, "/dashboard");
    const first = milestones(page).first();

    await first.getByRole("button", { name: "Edit Immediate Milestone of challenge 1 text" }).click();
    const field = first.getByRole("textbox", { name: "Immediate Milestone of challenge 1" });
    await field.fill("   ");
    await expect(first.getByText("A milestone needs a description.")).toBeVisible();
    await expect(first.getByRole("button", { name: "Save" })).toBeDisabled();
    await field.press("Enter");
    await expect(field).toBeVisible();
    await field.fill("Sketch the workbench tonight");
    await field.press("Enter");
    await expect(first).toContainText("Sketch the workbench tonight");
    await expect(field).toHaveCount(0);

    // Cancel keeps the saved text.
    await first.getByRole("button", { name: /Edit Immediate Milestone/ }).click();
    await field.fill("Something else");
    await first.getByRole("button", { name: "Cancel" }).click();
    await expect(first).toContainText("Sketch the workbench tonight");

    await first.getByRole("button", { name: "Change due date of Immediate Milestone of challenge 1" }).click();
    const picker = page.getByRole("dialog", { name: "Due Date" });
    await picker.getByRole("button", { name: "Next month" }).click();
    await picker.getByRole("button", { name: / 15, \d{4}$/ }).click();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await expect(picker).toBeHidden();
    await expect(first.getByText(/^Due /)).toContainText(" 15, ");

    await expect
      .poll(async () => {
        const saved = (await dashboardData(page)).challenges[0].milestones[0];
        return [saved.milestoneDescription, saved.milestoneDeadline.slice(8, 10)];
      })
      .toEqual(["Sketch the workbench tonight", "15"]);
  });

  test("a failed due date goes back with the reason", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    await gotoHydrated(page, "/dashboard");
    await page.route("**/api/milestones/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, json: { error: "Server unavailable" } })
        : route.continue(),
    );
    const first = milestones(page).first();
    await first.getByRole("button", { name: /Change due date/ }).click();
    const picker = page.getByRole("dialog", { name: "Due Date" });
    await picker.getByRole("button", { name: "Next month" }).click();
    await picker.getByRole("button", { name: / 15, \d{4}$/ }).click();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Failed to set deadline. Error: Server unavailable")).toBeVisible();
    await expect(first.getByText(/^Due /)).toHaveText("Due Sat, Mar 1, 2031");
  });

  test("the mission carousel: next wraps, dots jump, a swipe turns", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    await gotoHydrated(page, "/dashboard");
    const carousel = page.getByRole("region", { name: "Your mission" });
    const current = () => carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) h2');
    await expect(current()).toHaveText("My Life Mission");
    const next = carousel.getByRole("button", { name: "Next slide" });
    await next.click();
    await expect(current()).toHaveText("Screen-to-Action Plan");
    await expect(carousel.getByRole("button", { name: "Show Screen-to-Action Plan" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await next.click();
    await expect(current()).toHaveText("Accountability Framework");
    await next.click();
    await expect(current()).toHaveText("My Life Mission");

    await carousel.getByRole("button", { name: "Show Accountability Framework" }).click();
    await expect(current()).toHaveText("Accountability Framework");
    await expect(carousel.getByRole("button", { name: "Show My Life Mission" })).not.toHaveAttribute(
      "aria-current",
      "true",
    );

    // A swipe to the left turns to the next slide (wrapping), one to the right back.
    const track = page.getByTestId("mission-track");
    const swipe = async (from: number, to: number) => {
      await track.dispatchEvent("pointerdown", { pointerType: "touch", clientX: from, isPrimary: true });
      await track.dispatchEvent("pointerup", { pointerType: "touch", clientX: to, isPrimary: true });
    };
    await swipe(300, 120);
    await expect(current()).toHaveText("My Life Mission");
    await swipe(120, 300);
    await expect(current()).toHaveText("Accountability Framework");
  });

  test("works from the keyboard", async ({ page, signedIn: _ }) => {
    const { challenge } = await datedPlan(page);
    await apiPost(page, `/api/milestones/${challenge.milestones[0]!.id}/todos`, {});
    await gotoHydrated(page, "/dashboard");
    const first = milestones(page).first();
    const { todos, count } = await todosOf(first);
    for (let i = 0; i < count; i++) {
      await todos.nth(i).focus();
      await page.keyboard.press("Space");
      await expect(todos.nth(i)).toBeChecked();
    }
    await expect(first.getByRole("button", { name: "✓ Completed" })).toBeVisible();

    const second = milestones(page).nth(1);
    await second.getByRole("button", { name: "Mark complete" }).focus();
    await page.keyboard.press("Enter");
    await expect(second.getByRole("button", { name: "✓ Completed" })).toBeVisible();

    // Its text can be edited once the completion is saved.
    const edit = second.getByRole("button", { name: /Edit Short-term Milestone/ });
    await expect(edit).toBeEnabled();
    await edit.focus();
    await page.keyboard.press("Enter");
    const field = second.getByRole("textbox");
    await expect(field).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(field).toHaveCount(0);

    const next = page.getByRole("button", { name: "Next slide" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Show Screen-to-Action Plan" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });
});

test.describe("tokens", () => {
  test("with 0 tokens the button says why and leads to premium", async ({ page, signedIn: _ }) => {
    // His plan, and the month's five tokens spent as five retakes spend them.
    const responseId = await analyzedPlan(page);
    await spendAllTokens(page);
    const [challenge] = await planChallenges(page, responseId);
    await apiPatch(page, `/api/challenges/${challenge!.id}`, { challengeAccepted: true });
    await dateMilestones(page, challenge!);

    await gotoHydrated(page, "/dashboard");
    await expect(balance(page, "0 tokens remaining")).toBeVisible();
    const first = milestones(page).first();
    const button = first.getByRole("button", { name: /Generate todos/ });
    await expect(button).toHaveAttribute("title", "Insufficient tokens - upgrade to premium for more!");
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(first.getByText("Insufficient tokens - upgrade to premium for more!")).toBeVisible();
    const upgrade = first.getByRole("link", { name: "Upgrade to Premium" });
    await expect(upgrade).toHaveAttribute("href", "/dashboard/premium");
    // Clicking the refused button spends nothing and sends nothing.
    await button.click({ force: true });
    await expect(first.getByRole("status")).toHaveCount(0);
    await expect(balance(page, "0 tokens remaining")).toBeVisible();
    await upgrade.click();
    await expect(page).toHaveURL(/\/dashboard\/premium$/);
  });

  test("a server that answers 'Insufficient tokens' turns the button into the needs-tokens state", async ({
    page,
    signedIn: _,
  }) => {
    await datedPlan(page);
    await page.route("**/api/milestones/*/todos", (route) =>
      route.fulfill({ status: 402, json: { error: "Insufficient tokens" } }),
    );
    await gotoHydrated(page, "/dashboard");
    const first = milestones(page).first();
    await first.getByRole("button", { name: /Generate todos/ }).click();
    await expect(first.getByText("Insufficient tokens - upgrade to premium for more!")).toBeVisible();
    await expect(balance(page, "0 tokens remaining")).toBeVisible();
  });
});

test.describe("states", () => {
  test("an analyzed plan without a dated challenge shows 'No Challenges Found' with the way on", async ({
    page,
    signedIn: _,
  }) => {
    await analyzedPlan(page);
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByRole("heading", { name: "No Challenges Found" })).toBeVisible();
    for (const step of [
      "Accept at least one challenge in your results screen.",
      "Complete the challenge workflow.",
      "Set a deadline for each milestone.",
    ]) {
      await expect(page.getByText(step)).toBeVisible();
    }
    await page.getByRole("link", { name: "Go to my results" }).click();
    await expect(page).toHaveURL(/\/quiz\/results\?step=2$/);
  });

  test("a user who has not finished onboarding is led back to where he left off", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard");
    await expect(page).toHaveURL(/\/ChallengeAccepted$/);
    await validateRun(page);
    await gotoHydrated(page, "/dashboard");
    await expect(page).toHaveURL(/\/quiz$/);
  });

  test("shows 'Loading...' while the dashboard loads from the shell", async ({ page, signedIn: _ }) => {
    await datedPlan(page);
    const release = await holdRequests(page, "**/api/dashboard");
    await gotoShell(page, "/dashboard");
    await expect(page.getByText("Loading...").first()).toBeVisible();
    release();
    await expect(page.getByTestId("dashboard-challenge")).toBeVisible();
  });
});

/** Adds up what moved on the page since it started loading, as Lighthouse's CLS counts it (not after his input). */
async function layoutShift(page: Page) {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test.describe("issue 37: the signed-in screens paint once", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
  });

  test("nothing on the dashboard, insights and settings moves while they load on a phone four times slower", async ({
    page,
    signedIn: _,
  }) => {
    await datedPlan(page);
    // A slow phone: what loads late has time to push what painted first (the dashboard moved by 0.48 before).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const screens = [
      { path: "/dashboard", last: [page.getByTestId("dashboard-challenge"), page.getByTestId("streak")] },
      { path: "/dashboard/results", last: [page.getByRole("heading", { name: "Your insights" })] },
      { path: "/dashboard/settings", last: [page.getByRole("heading", { name: "Settings", exact: true })] },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      for (const element of screen.last) await expect(element.first()).toBeVisible();
      // Every request the screen made has been answered, so whatever could still move has moved.
      await page.waitForLoadState("networkidle");
      expect(await layoutShift(page), screen.path).toBeLessThanOrEqual(0.1);
    }
  });
});

test.describe("decision 0139: the dashboard's screens come with his data in their HTML", () => {
  test("with scripts off he still sees his plan and every section, as a slow phone paints them before any script", async ({
    page,
    browser,
    signedIn: user,
  }) => {
    const { challenge } = await datedPlan(page);
    const title = (await dashboardData(page)).challenges[0].title as string;
    const noScripts = await browser.newContext({
      baseURL: E2E.baseUrl,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const html = await noScripts.newPage();
    await html.goto("/dashboard");
    await expect(html.getByRole("heading", { name: `Let's go, ${user.firstName}` })).toBeVisible();
    await expect(html.getByText(title).first()).toBeVisible();
    await expect(html.getByTestId("milestone")).toHaveCount(challenge.milestones.length);
    const sections = [
      ["/dashboard/results", "Your insights"],
      ["/dashboard/settings", "Settings"],
      ["/dashboard/premium", "Choose Your Plan"],
      ["/dashboard/community", "Community"],
      ["/dashboard/profile", "Your profile"],
    ] as const;
    for (const [path, heading] of sections) {
      await html.goto(path);
      await expect(html.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(html.getByText("Loading", { exact: false }), path).toHaveCount(0);
    }
    await noScripts.close();
  });

  test("his browser takes the page over without a mismatch, also a day ahead of the server's clock", async ({
    page,
    browser,
    signedIn: _,
  }) => {
    await datedPlan(page);
    // UTC+14: most of the day his date is not the server's.
    const ahead = await browser.newContext({
      baseURL: E2E.baseUrl,
      timezoneId: "Pacific/Kiritimati",
      serviceWorkers: "block",
      storageState: await page.context().storageState(),
    });
    const phone = await ahead.newPage();
    const errors: string[] = [];
    phone.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    phone.on("pageerror", (error) => errors.push(error.message));
    const asked: string[] = [];
    phone.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(new URL(request.url()).pathname);
    });
    for (const path of ["/dashboard", "/dashboard/results", "/dashboard/settings"]) {
      await gotoHydrated(phone, path);
      await phone.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
    // What the HTML brought is not asked for again as the page loads.
    expect(asked.filter((path) => path === "/api/dashboard")).toEqual([]);
    await ahead.close();
  });
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

  test("the dashboard with todos, and the empty one, have no axe violations", async ({ page, signedIn: _ }) => {
    const { challenge } = await datedPlan(page);
    await apiPost(page, `/api/milestones/${challenge.milestones[0]!.id}/todos`, {});
    await gotoHydrated(page, "/dashboard");
    await expect(milestones(page).first().getByRole("checkbox").first()).toBeVisible();
    await milestones(page).first().getByRole("checkbox").first().check();
    expect(await axeViolations(page), "dashboard").toEqual([]);

    await milestones(page)
      .first()
      .getByRole("button", { name: /Edit Immediate Milestone/ })
      .click();
    expect(await axeViolations(page), "editing a text").toEqual([]);

    await apiPatch(page, `/api/challenges/${challenge.id}`, { challengeAccepted: false });
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByRole("heading", { name: "No Challenges Found" })).toBeVisible();
    expect(await axeViolations(page), "empty dashboard").toEqual([]);
  });
});
