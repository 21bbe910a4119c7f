import { type DehydratedState, dehydrate } from "@tanstack/react-query";
import { type PreloadWork, startAll } from "./preload.ts";
import { createQueryClient } from "./query-client.ts";

/**
 * A signed-in screen's server `loader` (issue 37, decision 0139): the work its `clientLoader` starts in the browser,
 * done while the server renders the page (answered in-process, lib/api.ts), so its HTML holds his data and paints
 * before any script has run. Each render gets a client of its own: nothing of one person's reaches another's page.
 * A query that fails is left out, and the screen asks for it again in the browser, as the SPA always has.
 */
export async function serverPreload(...work: PreloadWork[]): Promise<DehydratedState> {
  const client = createQueryClient();
  await startAll(client, work);
  return dehydrate(client);
}

/** Whether a route's loader data is what `serverPreload` returned. */
export function isDehydratedState(data: unknown): data is DehydratedState {
  return typeof data === "object" && data !== null && Array.isArray((data as DehydratedState).queries);
}
