import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/query-persist-client-core";
import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { type SessionData, sessionQuery } from "./session.ts";

/**
 * The dashboard offline (issue 14, decisions 0093 and 0113): the last answers of the signed-in user are kept in this
 * browser's storage by TanStack Query's own persister, and put back only when the network is gone. The service worker
 * never caches API answers; whoever signs in next replaces them, and signing out deletes them.
 */
const STORAGE_KEY = "unscroll:offline:v1";
/** What the dashboard home needs: who he is and the dashboard itself. Never secrets (the calendar link). */
const KEPT_QUERIES = new Set(["session", "dashboard"]);
/** Saves come at most this often; the last state of a burst of answers is the one written. */
const SAVE_THROTTLE_MS = 300;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Set between a sign-out and the signed-out session (or the next page load): a save already waiting for its turn
 * would otherwise write his dashboard back after it was deleted (seen in a browser test as a full copy left behind).
 */
let forgotten = false;

/** At logout and deletion: deletes the copy, and no save writes it again until someone signs in afresh. */
export function forgetOfflineData() {
  forgotten = true;
  storage()?.removeItem(STORAGE_KEY);
}

function signedInUser(queryClient: QueryClient) {
  return queryClient.getQueryData<SessionData>(sessionQuery().queryKey)?.user ?? null;
}

/**
 * localStorage as the persister sees it. Whether to write is decided when the (throttled) write happens, from the
 * session in memory then, so a save queued before a sign-out never outlives it.
 */
function guardedStorage(queryClient: QueryClient, local: Storage) {
  return {
    getItem: (key: string) => local.getItem(key),
    removeItem: (key: string) => local.removeItem(key),
    setItem: (key: string, value: string) => {
      if (!signedInUser(queryClient)) {
        // Signed out, or someone else's browser now: nothing of the last user stays.
        if (queryClient.getQueryState(sessionQuery().queryKey)?.status === "success") {
          forgotten = false;
          local.removeItem(key);
        }
        return;
      }
      if (forgotten) return;
      try {
        local.setItem(key, value);
      } catch {
        // Storage full or blocked (private mode): the app works online as before.
      }
    },
  };
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Keeps the offline copy current and restores it when the app starts without a network (or its first request
 * finds none). Answers a function that stops it.
 */
export function keepOfflineCopy(queryClient: QueryClient): () => void {
  const local = storage();
  if (!local) return () => {};
  const options = {
    queryClient,
    persister: createAsyncStoragePersister({
      storage: guardedStorage(queryClient, local),
      key: STORAGE_KEY,
      throttleTime: SAVE_THROTTLE_MS,
    }),
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === "success" && KEPT_QUERIES.has(String(query.queryKey[0])),
      // Paused changes stay in memory only (decision 0093: "keep this page open until then").
      shouldDehydrateMutation: () => false,
    },
  } satisfies PersistedQueryClientSaveOptions;
  const restore = () => {
    // No age limit, as before: offline, the last dashboard he saw beats none. A copy that cannot be read is dropped.
    persistQueryClientRestore({ ...options, maxAge: Number.POSITIVE_INFINITY }).catch(() => {});
  };

  if (navigator.onLine === false) restore();
  const stopSaving = persistQueryClientSubscribe(options);
  const stopWatching = queryClient.getQueryCache().subscribe(({ query }) => {
    const { data, error, status } = query.state;
    if (query.queryKey[0] === "session" && status === "error" && isNetworkFailure(error) && data === undefined) {
      restore();
    }
  });
  return () => {
    stopWatching();
    stopSaving();
  };
}
