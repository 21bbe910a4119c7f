import { type DehydratedState, dehydrate, type QueryClient } from "@tanstack/react-query";
import type { AnyQuery } from "./preload.ts";
import { createQueryClient } from "./query-client.ts";

/**
 * A signed-in screen's server `loader` (issue 37, decision 0139): the queries its `clientLoader` starts in the browser,
 * fetched while the server renders the page (answered in-process, lib/api.ts), so its HTML holds his data and paints
 * before any script has run. Each render gets a client of its own: nothing of one person's reaches another's page.
 * A query that fails is left out, and the screen asks for it again in the browser, as the SPA always has.
 */
export function serverPreload(...queries: AnyQuery[]): Promise<DehydratedState> {
  return serverLoad((client) => Promise.all(queries.map((query) => client.prefetchQuery(query))));
}

/** `serverPreload` for a screen whose second requests depend on the first answer (the community's feed). */
export async function serverLoad(fill: (client: QueryClient) => Promise<unknown>): Promise<DehydratedState> {
  const client = createQueryClient();
  await fill(client);
  return dehydrate(client);
}

/** Whether a route's loader data is what `serverPreload` returned. */
export function isDehydratedState(data: unknown): data is DehydratedState {
  return typeof data === "object" && data !== null && Array.isArray((data as DehydratedState).queries);
}
