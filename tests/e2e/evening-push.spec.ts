import { chromiumArgs, chromiumPath } from "../support/chromium.ts";
import { E2E } from "../support/e2e-ports.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

// The evening's push (issue 55) as the app's real service worker shows it: with its "Phone down" button, and never a
// button that would post to another site. As in push.spec.ts: the worker allowed, and the full browser, whose
// headless shell has no notifications (decisions 0131, 0132).
test.use({ serviceWorkers: "allow", launchOptions: { executablePath: chromiumPath, args: chromiumArgs } });

test("a phone-down push shows with its Phone down button from the app's service worker", async ({
  page,
  context,
  signedIn: _,
}) => {
  await context.grantPermissions(["notifications"], { origin: E2E.baseUrl });
  await gotoHydrated(page, "/dashboard");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const v of versions) if (v.status === "activated") activated.add(v.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => activated.has(registrations.get(`${E2E.baseUrl}/`) ?? "")).toBe(true);

  // What services/evening/deliver.ts pushes, decrypted; a second action pointing at another site is left out.
  const nudge = {
    title: "Phone down.",
    body: "Tonight's one step: Sketch the first chair",
    url: "/phone-down?token=x",
    tag: "e2e-phone-down",
    actions: [
      { action: "phone-down", title: "Phone down", post: "/api/evening/phone-down/link?token=x" },
      { action: "elsewhere", title: "Elsewhere", post: "https://example.com/steal" },
    ],
  };
  const deliver = () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: E2E.baseUrl,
      registrationId: registrations.get(`${E2E.baseUrl}/`)!,
      data: JSON.stringify(nudge),
    });
  await deliver();
  let polls = 0;
  await expect
    .poll(async () => {
      polls += 1;
      if (polls % 5 === 0) await deliver();
      return page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          actions: (n as Notification & { actions?: Array<{ action: string; title: string }> }).actions?.map(
            ({ action, title }) => ({ action, title }),
          ),
        }));
      });
    })
    .toEqual([{ title: nudge.title, body: nudge.body, actions: [{ action: "phone-down", title: "Phone down" }] }]);
});
