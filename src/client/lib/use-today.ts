import { useSyncExternalStore } from "react";
import { browserToday } from "./dates.ts";
import { noSubscription } from "./use-hydrated.ts";

/**
 * Today on his calendar (YYYY-MM-DD). The server's render and the hydration use `serverToday`, the day the server
 * worked out in the time zone his browser last told it, so the HTML already marks what is overdue and hydration
 * matches it. From then on the browser's own day is read at each render; when it is the same day, as it nearly always
 * is, React has nothing to render again (a changed answer would re-render every milestone at once, synchronously).
 */
export function useToday(serverToday: string | undefined): string {
  return useSyncExternalStore(noSubscription, browserToday, () => serverToday ?? browserToday());
}
