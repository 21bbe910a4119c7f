import { whenIdle } from "#client/lib/when-idle.ts";

/**
 * The service worker (scripts/build-service-worker.ts) makes the app installable and opens the dashboard offline.
 * Only a production build has one; in development Vite serves fresh modules and a worker would only get in the way.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Once the browser is idle: registering is several milliseconds of the main thread, and the page works without it.
  // Not called off when he leaves the dashboard before then (a man still onboarding is sent on at once): calling it
  // off left some browsers without the worker, so the app was neither installable nor there offline.
  whenIdle(() => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Without it the app still works online; nothing to tell the user.
    });
  }, 3_000);
}
