import type { QueryClient, QueryKey, Updater } from "@tanstack/react-query";

/**
 * Puts a change's answer into the cache once any fetch of the same query in flight is stopped. That fetch was sent
 * before the change, and its older answer would land over this one: a re-plan's dialog closed and came back without
 * his edits, a removed partner came back on screen until the next poll. The queries asked again each minute or on
 * focus (partners, the community's news) and the always-stale dashboard are the ones where a fetch is often in flight.
 */
export async function writeAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, answer);
}
