import { useSyncExternalStore } from "react";

/** For answers that change only when the page renders again: nothing to subscribe to. */
export const noSubscription = () => () => {};

/**
 * False while a page is pre-rendered at build time and during its hydration, true from then on. A pre-rendered page
 * that reads the address's query (a token) renders its neutral state until this is true, so its HTML never says
 * "link not valid" to the visitor whose link is fine, and hydration matches what the build wrote. `whileHydrating`
 * answers for the server's render and the hydration instead: when it is true there is no second render once hydrated.
 */
export function useHydrated(whileHydrating = false): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => whileHydrating,
  );
}

/**
 * Whether React has taken over this page load (the root marks the document once it has, root.tsx). Before that, the
 * first screen is still to paint, and what it shows is what its loaders fetched for this very load.
 */
export const pageHydrated = () =>
  typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";

const afterHydration: Array<() => void> = [];

/** Runs `work` once React has taken over this page load: at once if it has. */
export function whenPageHydrated(work: () => void) {
  if (pageHydrated()) work();
  else afterHydration.push(work);
}

/** The root's first effect: marks the document (browser tests wait for it) and runs what waited for it. */
export function markPageHydrated() {
  document.documentElement.dataset.hydrated = "true";
  for (const work of afterHydration.splice(0)) work();
}
