import type { Page } from "@playwright/test";
import { expect, gotoHydrated, gotoShell, holdRequests, test } from "./fixtures.ts";
import { acceptedPlan, apiPatch } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// The dashboard's frame (bar, phone menu, sidebar) and its section pages. The main view has its own spec.

const SUPPORT_EMAIL = "support@unscroll.example";

/** A user through onboarding with one accepted challenge whose milestones all have a deadline. */
async function userWithPlan(page: Page) {
  const plan = await acceptedPlan(page);
  await apiPatch(page, "/api/milestones", {
    milestones: plan.challenge.milestones.map((m) => ({ id: m.id, milestoneDeadline: "2031-03-01" })),
  });
  return plan;
}

const phoneMenu = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Account" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Open menu" });

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test("issue 35 row 9: Insights is in the phone menu and the sidebar, after Dashboard", async ({
  page,
  isMobile,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/dashboard/help");
  if (isMobile) await menuButton(page).click();
  const menu = isMobile ? phoneMenu(page) : sidebar(page);
  await expect(menu.getByRole("navigation", { name: "Dashboard" }).getByRole("link").nth(1)).toHaveText("Insights");
  await menu.getByRole("link", { name: "Insights", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/results$/);
  await expect(page.getByRole("heading", { name: "Your insights" })).toBeVisible();
  if (isMobile) await menuButton(page).click();
  await expect(menu.getByRole("link", { name: "Insights", exact: true })).toHaveAttribute("aria-current", "page");
});

test.describe("phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the phone menu replaces the sidebar under 768 px");

  test("the menu opens full screen with the name, the balance and every item", async ({ page, signedIn }) => {
    await gotoHydrated(page, "/dashboard/help");
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByTestId("navbar-first-name")).toHaveText(signedIn.firstName);
    await menuButton(page).click();

    const menu = phoneMenu(page);
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(360);
    await expect(menu.getByText(signedIn.firstName, { exact: true })).toBeVisible();
    await expect(menu.getByText("5 tokens remaining")).toBeVisible();
    for (const name of ["Dashboard", "Insights", "Community", "Profile", "Go Premium", "Help", "Settings"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Help", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute("aria-current");
  });

  test("the open menu keeps focus inside it, and Escape closes it back to its button", async ({
    page,
    signedIn: _,
  }) => {
    await gotoHydrated(page, "/dashboard/settings");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(phoneMenu(page)).toBeVisible();

    // Forward past the last item and backward past the first: focus never leaves the menu.
    for (const key of [...Array(12).fill("Tab"), ...Array(12).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
      expect(inside, `focus after ${key}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(phoneMenu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a menu item navigates, closes the menu and marks its page", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/help");
    for (const [name, path] of [
      ["Profile", /\/dashboard\/profile$/],
      ["Settings", /\/dashboard\/settings$/],
      ["Go Premium", /\/dashboard\/premium$/],
      ["Community", /\/dashboard\/community$/],
    ] as const) {
      await menuButton(page).click();
      await phoneMenu(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(phoneMenu(page)).toBeHidden();
      await menuButton(page).click();
      await expect(phoneMenu(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      await page.keyboard.press("Escape");
    }
  });

  test("Logout in the menu signs out and opens the login screen", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/settings");
    await menuButton(page).click();
    await phoneMenu(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/Login$/);
    expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  });

  test("the menu is reachable and usable by keyboard alone", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/help");
    // The dashboard's bar replaces the site bar once the session is known; tabbing before that would start in a bar
    // that is about to go.
    await expect(menuButton(page)).toBeVisible();
    // Logo, then the menu button: the bar's only two stops.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /home$/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(phoneMenu(page)).toBeVisible();
    const profile = phoneMenu(page).getByRole("link", { name: "Profile", exact: true });
    while (!(await profile.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(phoneMenu(page)).toBeHidden();
  });
});

test.describe("desktop", () => {
  test.skip(({ isMobile }) => isMobile, "the sidebar shows from 768 px");

  test("the sidebar shows the name, the balance and the menu; the phone menu's button is gone", async ({
    page,
    signedIn,
  }) => {
    await gotoHydrated(page, "/dashboard/profile");
    const aside = sidebar(page);
    await expect(aside).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(aside.getByText(signedIn.firstName, { exact: true })).toBeVisible();
    await expect(aside.getByText("5 tokens remaining")).toBeVisible();
    const names = ["Dashboard", "Insights", "Community", "Profile", "Go Premium", "Help", "Settings", "Logout"];
    await expect(aside.getByRole("link").or(aside.getByRole("button"))).toHaveText(names);
    await expect(aside.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");

    await aside.getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/dashboard\/help$/);
    await expect(aside.getByRole("link", { name: "Help" })).toHaveAttribute("aria-current", "page");
    await expect(aside.getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current");
  });

  test("the sidebar hides when the window narrows under 768 px", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/settings");
    await expect(sidebar(page)).toBeVisible();
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(sidebar(page)).toBeHidden();
    await expect(menuButton(page)).toBeVisible();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(sidebar(page)).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
  });

  test("Logout in the sidebar signs out and opens the login screen", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/help");
    await sidebar(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/Login$/);
    await gotoHydrated(page, "/dashboard");
    await expect(page).toHaveURL(/\/auth\/Login$/);
  });

  test("the sidebar's items are reached and followed by keyboard", async ({ page, signedIn: _ }) => {
    await gotoHydrated(page, "/dashboard/help");
    const settings = sidebar(page).getByRole("link", { name: "Settings" });
    for (let i = 0; i < 40 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(settings).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });
});

test("the logo leads to the dashboard from every section", async ({ page, signedIn: _ }) => {
  test.setTimeout(60_000);
  await userWithPlan(page);
  for (const section of ["results", "profile", "help", "settings", "premium", "community"]) {
    await gotoHydrated(page, `/dashboard/${section}`);
    await page.getByRole("link", { name: /home$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test("dashboard pages carry the legal links in the footer", async ({ page, signedIn: _ }) => {
  await gotoHydrated(page, "/dashboard/help");
  const footer = page.getByRole("contentinfo");
  for (const name of ["Legal Notice", "Privacy Policy", "Terms of Service", "Do Not Sell My Info"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
});

test.describe("Insights", () => {
  test("show his weeks in pictures, the four cards of the plan, his first run, and offer the retake with its warning", async ({
    page,
    signedIn: _,
  }) => {
    test.setTimeout(60_000);
    const { responseId } = await userWithPlan(page);
    const plan = await (await page.request.get(`/api/quiz/responses/${responseId}`)).json();
    await gotoHydrated(page, "/dashboard/results");

    const cards = page.getByRole("main").getByRole("region");
    // The pictures first (issue 27), then what the quiz found.
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText([
      "Weekly streak",
      "Last 12 weeks",
      "Progress per challenge",
      "Deadlines kept",
      // Issue 55: his phone's screen time, week by week, beside the milestones he finished.
      "Screen time, week by week",
      "Your Life Mission",
      "Vision",
      "Screen-to-Action Plan",
      "Accountability Framework",
      "Your first run",
      "Life moved on?",
    ]);
    // The run he validated (typed, in userWithPlan) with its target.
    await expect(page.getByRole("region", { name: "Your first run" })).toContainText(
      "Self-reported · validated with the minutes you typed",
    );
    await expect(page.getByRole("region", { name: "Your Life Mission" })).toContainText(
      plan.lifeMission ?? plan.missionStatement,
    );
    await expect(page.getByRole("region", { name: "Vision" })).toContainText(plan.vision);

    await page.getByRole("button", { name: "RETAKE QUIZ" }).click();
    const warning = page.getByRole("dialog", { name: "Retake the quiz?" });
    await expect(warning).toContainText("On the free plan a retake uses 1 token.");
    await warning.getByRole("button", { name: "No" }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/results$/);

    await page.getByRole("button", { name: "RETAKE QUIZ" }).click();
    await warning.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz\\?mode=edit&responseId=${responseId}$`));
  });

  test("say 'Loading insights...' until the plan arrives, and 'No insights found.' without one", async ({
    page,
    signedIn: _,
  }) => {
    const release = await holdRequests(page, "**/api/dashboard");
    await gotoShell(page, "/dashboard/results");
    await expect(page.getByText("Loading insights...")).toBeVisible();
    release();
    await expect(page.getByText("No insights found.")).toBeVisible();
    // Nothing analysed yet: there is no plan to retake.
    await expect(page.getByRole("button", { name: "RETAKE QUIZ" })).toHaveCount(0);
  });
});

test.describe("Profile", () => {
  test("shows the e-mail and the joined date", async ({ page, signedIn }) => {
    await gotoHydrated(page, "/dashboard/profile");
    const { user } = await (await page.request.get("/api/me")).json();
    const joined = await page.evaluate(
      (createdAt) =>
        new Date(createdAt).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" }),
      user.createdAt as string,
    );
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "@" })).toHaveText(signedIn.email);
    await expect(page.getByRole("definition").filter({ has: page.locator("time") })).toHaveText(joined);
  });

  test("a new first name is checked, saved and greets him in the menus at once", async ({
    page,
    isMobile,
    signedIn,
  }) => {
    await gotoHydrated(page, "/dashboard/profile");
    const field = page.getByLabel("First Name");
    await expect(field).toHaveValue(signedIn.firstName);

    await field.fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("First name is required.")).toBeVisible();

    await field.fill("  Maximilian ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(field).toHaveValue("Maximilian");
    await expect(page.getByText("Your name is saved.")).toBeVisible();
    if (isMobile) {
      await expect(page.getByTestId("navbar-first-name")).toHaveText("Maximilian");
      await menuButton(page).click();
      await expect(phoneMenu(page).getByText("Maximilian", { exact: true })).toBeVisible();
    } else {
      await expect(sidebar(page).getByText("Maximilian", { exact: true })).toBeVisible();
    }
    // Saved on the server, not only on the screen.
    expect((await (await page.request.get("/api/me")).json()).user.firstName).toBe("Maximilian");
  });
});

test("Help and Support: the help text and the support address", async ({ page, signedIn: _ }) => {
  await gotoHydrated(page, "/dashboard/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help and Support" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What are tokens for?" })).toBeVisible();
  const mail = page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL });
  await expect(mail).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
});

test("Settings: the tips, partners, reminders, calendar, Strava, the coming-soon note and the support line", async ({
  page,
  signedIn: _,
}) => {
  await gotoHydrated(page, "/dashboard/settings");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Answer authentically",
    "Track your progress",
    "Retake the quiz to update your goals",
    "Purpose first",
    "Accountability partners",
    "Reminders",
    "Calendar",
    "Strava",
  ]);
  await expect(page.getByText("Coming soon:")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${SUPPORT_EMAIL}`,
  );
  await page.getByRole("link", { name: "Go to Insights" }).click();
  await expect(page).toHaveURL(/\/dashboard\/results$/);
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

  test("the section pages and the open phone menu have no axe violations", async ({ page, isMobile, signedIn: _ }) => {
    test.setTimeout(90_000);
    await userWithPlan(page);
    const scan = async (what: string) => {
      expect(await axeViolations(page), what).toEqual([]);
    };
    for (const [section, ready] of [
      ["results", "Your Life Mission"],
      ["profile", "Your profile"],
      ["help", "Help and Support"],
      ["settings", "Settings"],
      ["premium", "Choose Your Plan"],
      ["community", "Community"],
    ] as const) {
      await gotoHydrated(page, `/dashboard/${section}`);
      await expect(page.getByRole("heading", { name: ready, exact: true })).toBeVisible();
      await scan(section);
    }
    if (isMobile) {
      await menuButton(page).click();
      await expect(phoneMenu(page)).toBeVisible();
      await scan("phone menu");
    }
  });
});
