import type { Page } from "@playwright/test";

/** The key of his offline copy in the page's storage (src/client/lib/offline-cache.ts). */
export const OFFLINE_KEY = "unscroll:offline:v1";

/** Waits until the service worker is active and controls the page. */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });
}
