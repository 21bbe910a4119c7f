import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { createConfirmedUser, expect, gotoHydrated, gotoShell, logIn, test } from "./fixtures.ts";
import { apiPost, expectNoSidewaysScroll } from "./onboarding-helpers.ts";
import { axeViolations, withStoredConsent } from "./public-helpers.ts";

// The community before it opens (SPEC.md section 2, PRODUCT.md "Community"): the two-step waitlist with its
// confirmation, and the feed preview. Every test of a run shares one database, so positions and the number of members
// waiting are read from what the server answered, never assumed.

type Signup = { position: number; email: string; name: string; interests: string[] };

// The cookie banner has its own tests; here it would only cover the lower part of the page on a phone.
test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

const position = (page: Page) => page.getByTestId("waitlist-position");
const counter = (page: Page) => page.getByTestId("members-waiting");

/** Opens the preview and returns what its one request answered. */
/** From the shell, so the page asks for the overview itself and a test can read or change the answer. */
async function openPreview(page: Page) {
  const loaded = page.waitForResponse((r) => r.url().endsWith("/api/community") && r.request().method() === "GET");
  await gotoShell(page, "/dashboard/community");
  return (await (await loaded).json()) as { membersWaiting: number; notifyRequested: boolean };
}

/** Joins through the API, as the form would; returns the stored signup. */
async function joinByApi(page: Page, name = "Marcus Reed"): Promise<Signup> {
  const me = await (await page.request.get("/api/me")).json();
  return (await apiPost(page, "/api/community/waitlist", { email: me.user.email, name, interests: [] })).signup;
}

/** Records every window.open call instead of opening a window. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: string[][] = [];
    Object.assign(window, { openedWindows: calls });
    window.open = (...args: unknown[]) => {
      calls.push(args.map(String));
      return null;
    };
  });
  return async () => page.evaluate(() => (window as unknown as { openedWindows: string[][] }).openedWindows);
}

test.describe("the waitlist", () => {
  test("issue 53 row 14: the name he gave at sign-up is filled in; the share buttons are plain links to the networks", async ({
    page,
    signedIn,
  }) => {
    await gotoHydrated(page, "/community/waitlist");
    await expect(page.getByLabel("Full Name")).toHaveValue(signedIn.firstName);
    // Nothing to type: Continue goes on to the interests, and joining keeps his name.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Your interests" })).toBeFocused();
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    const share = page.getByRole("region", { name: "Bring a friend" });
    for (const [name, host] of [
      [/X \/ Twitter/, "https://twitter.com/intent/tweet?"],
      [/Facebook/, "https://www.facebook.com/sharer/sharer.php?"],
      [/LinkedIn/, "https://www.linkedin.com/sharing/share-offsite/?"],
    ] as const) {
      const link = share.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", new RegExp(`^${host.replace(/[.?/]/g, "\\$&")}`));
    }
    // No network's script (a share widget, a pixel) is loaded for them.
    expect(scripts.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  });

  test("shows the account's e-mail and takes the name, then interests, and confirms the stored position; re-entry shows it again", async ({
    page,
    signedIn,
  }) => {
    await gotoHydrated(page, "/community/waitlist");
    await expect(page.getByRole("heading", { name: "Join the Community Waitlist" })).toBeVisible();
    await expect(page.getByText("Step 1 of 2")).toBeVisible();
    const email = page.getByLabel("Email");
    const name = page.getByLabel("Full Name");
    const next = page.getByRole("button", { name: "Continue" });
    // The account's address, shown and not editable: the launch news goes to the address he confirmed (issue 24 #6).
    await expect(email).toHaveValue(signedIn.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expectNoSidewaysScroll(page);

    await name.fill("   ");
    await next.click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await name.fill("  Marcus Reed ");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await next.click();

    const stepTwo = page.getByRole("heading", { name: "Your interests" });
    await expect(stepTwo).toBeFocused();
    await expect(page.getByText("Step 2 of 2")).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(8);
    await page.getByRole("checkbox", { name: "Health & Fitness" }).check();
    await page.getByRole("checkbox", { name: "Career Growth" }).check();
    // Back and forth keeps what he typed and ticked.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(name).toHaveValue("  Marcus Reed ");
    await next.click();
    await expect(page.getByRole("checkbox", { name: "Health & Fitness" })).toBeChecked();
    await expectNoSidewaysScroll(page);

    const joined = page.waitForResponse(
      (r) => r.url().endsWith("/api/community/waitlist") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    const { signup } = (await (await joined).json()) as { signup: Signup };
    expect(signup).toMatchObject({
      email: signedIn.email,
      name: "Marcus Reed",
      interests: ["career", "health"],
    });

    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeFocused();
    await expect(position(page)).toHaveText(`#${signup.position}`);
    await expect(page.getByRole("heading", { name: "What Happens Next?" })).toBeVisible();
    await expect(page.getByText("Estimated launch: 2–4 weeks.")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Coming back shows the same stored place, not the form.
    await gotoHydrated(page, "/community/waitlist");
    await expect(position(page)).toHaveText(`#${signup.position}`);
    await expect(page.getByLabel("Email")).toHaveCount(0);
  });

  test("issue 35 smaller: step 2 of the waitlist shows step 1, done, with what he gave and a way back to it", async ({
    page,
    signedIn,
  }) => {
    await gotoHydrated(page, "/community/waitlist");
    const steps = page.getByRole("list", { name: "Steps" }).getByRole("listitem");
    await expect(steps).toHaveText(["1 · Step 1 of 2: Details", "2 · Step 2 of 2: Interests"]);
    await expect(steps.nth(0)).toHaveAttribute("aria-current", "step");
    await page.getByLabel("Full Name").fill("Marcus Reed");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Your interests" })).toBeFocused();
    // Step 1 is named and ticked, not a bare "Step 2 of 2" with nothing before it.
    await expect(steps.nth(0)).toHaveText("✓ Step 1 of 2: Details (done)");
    await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");
    await expect(page.getByText("Marcus Reed", { exact: true })).toBeVisible();
    await expect(page.getByText(signedIn.email)).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Change your details" }).click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
    await expect(page.getByLabel("Full Name")).toHaveValue("Marcus Reed");
  });

  test("two fresh members are told their own, different positions", async ({ page, browser, signedIn: _ }) => {
    const other = await browser.newContext({ baseURL: E2E.baseUrl });
    try {
      const second = await other.newPage();
      await logIn(second, await createConfirmedUser());

      const [a, b] = [await joinByApi(page, "First Man"), await joinByApi(second, "Second Man")];
      expect(b.position).toBeGreaterThan(a.position);
      await gotoHydrated(page, "/community/waitlist");
      await expect(position(page)).toHaveText(`#${a.position}`);
      await gotoHydrated(second, "/community/waitlist");
      await expect(position(second)).toHaveText(`#${b.position}`);
    } finally {
      await other.close();
    }
  });

  test("shares the landing page on X/Twitter, Facebook and LinkedIn in a 600 × 400 popup", async ({
    page,
    signedIn: _,
  }) => {
    const opened = await recordWindowOpen(page);
    const { position: n } = await joinByApi(page);
    await gotoHydrated(page, "/community/waitlist");
    const landing = `${E2E.baseUrl}/`;

    await page.getByRole("link", { name: "Share on X / Twitter" }).click();
    await page.getByRole("link", { name: "Share on Facebook" }).click();
    await page.getByRole("link", { name: "Share on LinkedIn" }).click();
    const calls = await opened();
    expect(calls).toHaveLength(3);
    const [x, facebook, linkedin] = calls.map(([url, name, features]) => ({
      url: new URL(url ?? ""),
      name,
      features: features ?? "",
    }));
    expect(x?.url.origin + (x?.url.pathname ?? "")).toBe("https://twitter.com/intent/tweet");
    expect(x?.url.searchParams.get("url")).toBe(landing);
    expect(x?.url.searchParams.get("text")).toContain(`#${n}`);
    expect(facebook?.url.origin + (facebook?.url.pathname ?? "")).toBe("https://www.facebook.com/sharer/sharer.php");
    expect(facebook?.url.searchParams.get("u")).toBe(landing);
    expect(linkedin?.url.origin + (linkedin?.url.pathname ?? "")).toBe(
      "https://www.linkedin.com/sharing/share-offsite/",
    );
    expect(linkedin?.url.searchParams.get("url")).toBe(landing);
    for (const call of [x, facebook, linkedin]) {
      expect(call?.features).toMatch(/(^|,)width=600(,|$)/);
      expect(call?.features).toMatch(/(^|,)height=400(,|$)/);
      expect(call?.features).toContain("noopener");
    }
    // The app stays where it was.
    await expect(page).toHaveURL(/\/community\/waitlist$/);
  });

  test("opens the share page in a real popup window", async ({ page, context, signedIn: _ }) => {
    await context.route("https://www.facebook.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Share</title>" }),
    );
    await joinByApi(page);
    await gotoHydrated(page, "/community/waitlist");
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Share on Facebook" }).click();
    const shared = await popup;
    await shared.waitForURL(/facebook\.com/);
    expect(new URL(shared.url()).searchParams.get("u")).toBe(`${E2E.baseUrl}/`);
    expect(shared.viewportSize()).toEqual({ width: 600, height: 400 });
  });

  test("a session that ended meanwhile is told to log in, and 'Log In to Continue' leads there", async ({
    page,
    context,
    signedIn: _,
  }) => {
    await gotoHydrated(page, "/community/waitlist");
    await page.getByLabel("Full Name").fill("Marcus Reed");
    await page.getByRole("button", { name: "Continue" }).click();
    await context.clearCookies();
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByRole("alert")).toContainText("You must be logged in to join the waitlist");
    await page.getByRole("link", { name: "Log In to Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/Login$/);
  });

  test("a failed join says so and can be sent again", async ({ page, signedIn: _ }) => {
    await page.route("**/api/community/waitlist", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' })
        : route.fallback(),
    );
    await gotoHydrated(page, "/community/waitlist");
    await page.getByLabel("Full Name").fill("Marcus Reed");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to join waitlist. Please try again.");
    await page.unroute("**/api/community/waitlist");
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
  });
});

test.describe("the feed preview", () => {
  test("counts up to the real number of members waiting and marks its posts as examples", async ({
    page,
    signedIn: _,
  }) => {
    const mine = await joinByApi(page);
    const { membersWaiting } = await openPreview(page);
    expect(membersWaiting).toBeGreaterThanOrEqual(mine.position);
    await expect(page.getByRole("heading", { name: "Community", exact: true })).toBeVisible();
    await expect(page.getByText("Beta", { exact: true })).toBeVisible();
    await expect(counter(page)).toHaveText(membersWaiting.toLocaleString("en"));
    await expect(page.getByText(`${membersWaiting} early members waiting`)).toBeAttached();
    await expect(page.getByText(`You're #${mine.position} on the waitlist.`)).toBeVisible();

    const posts = page.getByRole("article");
    await expect(posts).toHaveCount(3);
    for (const post of await posts.all()) await expect(post.getByText("Example", { exact: true })).toBeVisible();
    await expect(page.getByText("These are example posts")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("switches tabs by click and by keyboard", async ({ page, signedIn: _ }) => {
    await openPreview(page);
    const feed = page.getByRole("tab", { name: "Preview Feed" });
    const features = page.getByRole("tab", { name: "Coming Features" });
    await expect(feed).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("These are example posts");

    await features.click();
    await expect(features).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Accountability partners");
    await expect(page.getByRole("article")).toHaveCount(0);

    await feed.click();
    await page.keyboard.press("ArrowRight");
    await expect(features).toBeFocused();
    await expect(features).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(feed).toBeFocused();
    await page.keyboard.press("End");
    await expect(features).toBeFocused();
    await page.keyboard.press("Home");
    await expect(feed).toBeFocused();
    await expect(page.getByRole("article")).toHaveCount(3);
    // Only the selected tab is in the Tab order.
    await expect(features).toHaveAttribute("tabindex", "-1");

    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Get Early Access" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/community\/waitlist$/);
  });

  test("'Join the Waitlist' leads to the waitlist", async ({ page, signedIn: _ }) => {
    await openPreview(page);
    await page.getByRole("link", { name: "Join the Waitlist" }).click();
    await expect(page).toHaveURL(/\/community\/waitlist$/);
    await expect(page.getByRole("heading", { name: "Join the Community Waitlist" })).toBeVisible();
  });

  test("issue 35 row 13: no counter while nobody waits, and one way to wait: the waitlist", async ({
    page,
    signedIn: _,
  }) => {
    // Every test shares one database: the empty waitlist is the server's answer with nobody on it.
    await page.route("**/api/community", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), membersWaiting: 0, signup: null } });
    });
    await openPreview(page);
    await expect(page.getByRole("link", { name: "Join the Waitlist" })).toBeVisible();
    await expect(counter(page)).toHaveCount(0);
    await expect(page.getByText(/early members? waiting/i)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Notify Me When Ready" })).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true, contextOptions: { reducedMotion: "reduce" } });

  test("the waitlist steps, the confirmation and the preview have no axe violations", async ({ page, signedIn: _ }) => {
    const scan = async (what: string) => expect(await axeViolations(page), what).toEqual([]);
    await gotoHydrated(page, "/community/waitlist");
    await page.getByLabel("Full Name").fill("Marcus Reed");
    await scan("step 1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Your interests" })).toBeVisible();
    await scan("step 2");
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
    await scan("confirmation");

    const { membersWaiting } = await openPreview(page);
    // With less motion the counter shows the number at once.
    await expect(counter(page)).toHaveText(membersWaiting.toLocaleString("en"));
    await scan("feed preview");
    await page.getByRole("tab", { name: "Coming Features" }).click();
    await scan("coming features");
  });
});
