import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { restoreOfflineCopy } from "./offline-cache.ts";
import { appQueryClient } from "./query-client.ts";
import { pageHydrated, whenPageHydrated } from "./use-hydrated.ts";

// biome-ignore lint/suspicious/noExplicitAny: any query's options, each typed where it is made.
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** What a loader starts: a query, or requests that wait for another's answer as one piece of work. */
export type PreloadWork = AnyQuery | ((client: QueryClient) => Promise<unknown>);

/** Starts every piece of `work` on `client` at once, the browser's loaders and the server's alike. */
export function startAll(client: QueryClient, work: PreloadWork[]): Promise<unknown> {
  return Promise.all(work.map((item) => (typeof item === "function" ? item(client) : client.prefetchQuery(item))));
}

/**
 * How long the first page load waits for a screen's data before the screen shows its own loading state (SPEC.md's
 * "Loading..." words): long enough for a phone on a slow network, short enough that a stuck request is never a blank
 * page.
 */
const FIRST_PAINT_WAIT_MS = 2_000;

/** Whether his offline copy, once back in the cache, holds every answer of `work` (a dependent request never is). */
async function heldByOfflineCopy(client: QueryClient, work: PreloadWork[]): Promise<boolean> {
  await restoreOfflineCopy(client);
  return work.every((item) => typeof item !== "function" && client.getQueryData(item.queryKey) !== undefined);
}

/**
 * A route's `clientLoader`: the requests its screen needs start together as soon as the route is chosen, not one
 * after the other as components mount (issue 37). On the first page load the screen waits for them, so it paints
 * once, complete, with nothing moving after (for `FIRST_PAINT_WAIT_MS` at most); a query that fails leaves its error
 * for the screen to show. Later navigations do not wait: the screen shows what the cache has, or its own loading
 * state, while they arrive. Requests that wait for another's answer come as one piece of work (`(client) => ...`), so
 * they start as soon as that answer is there, beside the others.
 *
 * A first load that runs these loaders started from the app shell: the server renders the signed-in screens with
 * their data, so this is a returning man's installed app, online or not. When his offline copy holds all the screen
 * needs, it paints from that at once, and the requests start once the page is hydrated, to refresh it (decision
 * 0142), so their answers and what they change render after the first paint, not during it.
 */
export async function preload(...work: PreloadWork[]): Promise<null> {
  const client = appQueryClient();
  if (pageHydrated()) {
    void startAll(client, work);
    return null;
  }
  // However recent his copy, what it put back is asked for again: he may have changed it on another device.
  const refresh = work.map((item) => (typeof item === "function" ? item : { ...item, staleTime: 0 }));
  if (await heldByOfflineCopy(client, work)) {
    whenPageHydrated(() => void startAll(client, refresh));
  } else {
    const loading = startAll(client, refresh);
    await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
  }
  return null;
}
