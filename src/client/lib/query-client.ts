import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { keepOfflineCopy } from "./offline-cache.ts";
import { keepChangesUntilSent } from "./offline-changes.ts";
import { pageHydrated } from "./use-hydrated.ts";

/**
 * A screen's loader fetched its data this long ago at most (lib/preload.ts): the screen mounting now does not ask
 * again, although most of its queries count as stale at once (staleTime 0, so every visit refetches).
 */
const JUST_LOADED_MS = 1_000;

/**
 * How often what others send him (a member's cheer or comment, a partner's cheer) is asked for again while his page
 * is in view; TanStack Query pauses it while the page is hidden (decision 0151).
 */
export const NEWS_REFRESH_MS = 60_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Nor while the page is still loading (before the root marks it hydrated): what a screen mounts with then is
        // what its loader fetched for this very load, in the browser or on the server (decision 0139), however long a
        // slow phone took to hydrate it. Asking again would re-render the whole screen for the same data.
        refetchOnMount: (query) => pageHydrated() && Date.now() - query.state.dataUpdatedAt > JUST_LOADED_MS,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one client, shared by the route loaders, which fill it before their screen renders, and the screens
 * (issue 37). It keeps the offline copy from the start, so a loader that runs without a network finds it restored.
 */
export function appQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    if (typeof window !== "undefined") {
      // First: a change put back with his copy is sent by what this registers.
      keepChangesUntilSent(browserClient);
      keepOfflineCopy(browserClient);
    }
  }
  return browserClient;
}
