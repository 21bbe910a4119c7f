import { type DehydratedState, dehydrate, hashKey, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { type PreloadWork, startAll } from "./preload.ts";
import { createQueryClient } from "./query-client.ts";

/** What a server `loader` answers: the answers for the page's HTML, and which requests the API found nothing for. */
export type ServerPreloaded = DehydratedState & { notFound: string[] };

/**
 * A signed-in screen's server `loader` (issue 37, decision 0139): the work its `clientLoader` starts in the browser,
 * done while the server renders the page (answered in-process, lib/api.ts), so its HTML holds his data and paints
 * before any script has run. Each render gets a client of its own: nothing of one person's reaches another's page.
 * A query that fails is left out, and the screen asks for it again in the browser, as the SPA always has; one the API
 * answered 404 is named in `notFound`, so the page can say there is nothing there without waiting for that answer.
 */
export async function serverPreload(...work: PreloadWork[]): Promise<ServerPreloaded> {
  const client = createQueryClient();
  await startAll(client, work);
  const notFound = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.error instanceof ApiError && query.state.error.status === 404)
    .map((query) => query.queryHash);
  return { ...dehydrate(client), notFound };
}

/** Whether the server's render found nothing for `queryKey` (its loader's data, or none in the browser's own loads). */
export function foundNothingFor(loaderData: unknown, queryKey: QueryKey): boolean {
  return (
    isDehydratedState(loaderData) &&
    (loaderData as Partial<ServerPreloaded>).notFound?.includes(hashKey(queryKey)) === true
  );
}

/** Whether a route's loader data is what `serverPreload` returned. */
export function isDehydratedState(data: unknown): data is DehydratedState {
  return typeof data === "object" && data !== null && Array.isArray((data as DehydratedState).queries);
}
