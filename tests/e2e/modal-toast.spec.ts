import { acceptedMinutesAgo, expect, test } from "./fixtures.ts";
import { apiPost } from "./onboarding-helpers.ts";
import { withStoredConsent } from "./public-helpers.ts";

// Issue 35, smaller (decision 0126): the "copied" toast showed dimmed behind the share modal. A modal <dialog> is in
// the browser's top layer, above any z-index, and makes the page behind it inert; the toast must be drawn above the
// dialog and be part of it. At both widths: the toast and the modal sit differently on a phone and a laptop.

test.use({ contextOptions: { reducedMotion: "reduce" } });

test("issue 35 smaller: the 'copied' toast shows above the share modal, not dimmed behind it", async ({
  page,
  context,
  signedIn,
}) => {
  await withStoredConsent(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // No share sheet, as on desktop Chromium: the text goes to the clipboard and a toast says so.
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await apiPost(page, "/api/onboarding/challenge", { maxDurationMinutes: 40 });
  await acceptedMinutesAgo(signedIn.email, 90);
  await page.goto("/ValidateChallenge");
  await page.getByLabel("Today's run (minutes)").fill("70");
  await page.getByLabel("How did it go?").fill("Felt great after the first half hour.");
  await page.getByRole("button", { name: "Validate my run" }).click();

  const modal = page.getByRole("dialog", { name: "Initial Challenge Complete!" });
  await modal.getByRole("button", { name: "Share" }).click();
  // Inside the dialog: not inert, so it can be hovered and closed, and screen readers hear it.
  const toast = modal.getByRole("alert").filter({ hasText: "Share text copied to your clipboard." });
  await expect(toast).toBeVisible();
  // And on top: what the pointer hits at the toast's centre is the toast, not the dialog's backdrop.
  await expect
    .poll(() =>
      toast.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      }),
    )
    .toBe(true);

  // The toasts go back to the page when the modal closes, and the one shown survives the move.
  // The pointer rests on the toast, which pauses its six seconds (as it does for him), and the modal is closed from
  // the keyboard: on a loaded two-core machine the steps to the check below took longer than that, and the toast was
  // gone before it.
  await toast.hover();
  await modal.getByRole("button", { name: "Continue Without Sharing" }).press("Enter");
  await expect(page).toHaveURL(/\/Welcome$/);
  const after = page.getByRole("alert").filter({ hasText: "Share text copied to your clipboard." });
  await expect(after).toBeVisible();
  // The move happens as the dialog unmounts, which may be a moment after the address changed.
  await expect.poll(() => after.evaluate((element) => element.closest("dialog") === null)).toBe(true);
});
