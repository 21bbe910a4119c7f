import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  type PersistedClient,
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/query-persist-client-core";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { OFFLINE_COPY_COOKIE } from "#shared/account/offline-copy-cookie.ts";
import { SESSION_EXPIRES_IN_S } from "#shared/account/session-lifetime.ts";
import { isKeptChange, isNetworkFailure } from "./offline-changes.ts";
import { type SessionData, sessionQuery } from "./session.ts";

/**
 * The dashboard offline (issue 14, decisions 0093 and 0113): the last answers of the signed-in user are kept in this
 * browser's storage by TanStack Query's own persister, and put back when the network is gone, or when a returning
 * man's page starts from the app shell (decision 0142). The service worker never caches API answers; whoever signs in
 * next replaces them, and signing out deletes them.
 */
const STORAGE_KEY = "unscroll:offline:v1";
/**
 * Everything the dashboard home shows, so it paints from the copy alone: who he is, the dashboard, his streak, his
 * partners and their cheers, and the settings the time zone check reads. Never secrets (the calendar link). Written
 * out rather than imported from the features, which build on this module.
 */
const KEPT_QUERIES = new Set(
  [["session"], ["dashboard"], ["insights", "streak"], ["partners"], ["reminders", "settings"]].map((key) =>
    JSON.stringify(key),
  ),
);
const isKept = (queryKey: readonly unknown[]) => KEPT_QUERIES.has(JSON.stringify(queryKey));
/**
 * A copy lives no longer than the session it was saved under (issue 57 row 4): each save is a moment he was signed
 * in, and a session unused for this long has expired at the server, so the copy of an older moment is dropped.
 */
const COPY_MAX_AGE_MS = SESSION_EXPIRES_IN_S * 1000;
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

/**
 * Whose copy this browser may put back: the tag of the man its session belongs to, which the server sets beside the
 * session and removes when it ends (decision 0170). Empty when no one is signed in here, or nobody is known yet.
 */
function copyTag(): string {
  if (typeof document === "undefined") return "";
  const prefix = `${OFFLINE_COPY_COOKIE}=`;
  const found = document.cookie.split("; ").find((cookie) => cookie.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : "";
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
      // Saved under no tag, a copy could be put back for no one; the server names him with his next answer.
      if (forgotten || !copyTag()) return;
      try {
        local.setItem(key, value);
      } catch {
        // Storage full or blocked (private mode): the app works online as before.
      }
    },
  };
}

/**
 * A refresh that failed (offline, or a network that answers nothing) leaves his last answer in the cache with the
 * error beside it. The copy keeps that answer without the error: the next start without a network shows it, where it
 * once found nothing (the answer was left out of the copy as not successful).
 *
 * His changes not yet answered are kept as paused, whatever they were doing (waiting for the network, or between two
 * tries at a server that did not answer): a paused change is what TanStack Query sends again once restored.
 */
function lastGoodAnswers(client: PersistedClient): string {
  const queries = client.clientState.queries.map((query) => {
    const kept = withoutThirdParties(query);
    return kept.state.status === "error"
      ? {
          ...kept,
          state: {
            ...kept.state,
            status: "success" as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : kept;
  });
  const mutations = client.clientState.mutations.map((mutation) => ({
    ...mutation,
    state: { ...mutation.state, isPaused: true, failureCount: 0, failureReason: null },
  }));
  // The copy is as old as the last time the server said who he is: a copy put back offline and saved again is no
  // younger for it, so reopening the app offline never stretches it past his session.
  const session = queries.find((query) => query.queryKey[0] === "session");
  const timestamp = session?.state.dataUpdatedAt || client.timestamp;
  // Saved under the tag of the man signed in at this moment, and put back only under the same (decision 0170).
  const buster = copyTag();
  return JSON.stringify({ ...client, buster, timestamp, clientState: { ...client.clientState, queries, mutations } });
}

type KeptQuery = PersistedClient["clientState"]["queries"][number];

/**
 * His partners' e-mail addresses are theirs, not his: the copy keeps their first names and states, never an address
 * (issue 57 row 4). Offline, his screens show a partner without one until the next answer brings it back.
 */
function withoutThirdParties(query: KeptQuery): KeptQuery {
  const data = query.state.data as { partners?: Array<Record<string, unknown>> } | undefined;
  if (query.queryKey[0] !== "partners" || !Array.isArray(data?.partners)) return query;
  const partners = data.partners.map((partner) => ({ ...partner, email: "" }));
  return { ...query, state: { ...query.state, data: { ...data, partners } } };
}

function persistence(queryClient: QueryClient, local: Storage) {
  return {
    queryClient,
    persister: createAsyncStoragePersister({
      storage: guardedStorage(queryClient, local),
      key: STORAGE_KEY,
      throttleTime: SAVE_THROTTLE_MS,
      serialize: lastGoodAnswers,
    }),
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.data !== undefined && isKept(query.queryKey),
      // His dashboard changes not yet answered, and no other (decision 0148).
      shouldDehydrateMutation: (mutation) => isKeptChange(mutation) && mutation.state.status === "pending",
    },
  } satisfies PersistedQueryClientSaveOptions;
}

/** One restore per page load: a second would only put back the same copy. */
const restores = new WeakMap<QueryClient, Promise<void>>();

/**
 * Puts his copy back into the cache. An answer already there that is newer than the copy's stays (TanStack Query's
 * `hydrate`). A copy older than a session (COPY_MAX_AGE_MS), saved under another man's tag or when this browser holds
 * none (signed out, his session gone, another man signed in: decision 0170), or that cannot be read, is dropped. The changes it kept are sent at once when there is a network; without one, TanStack Query sends them when
 * it returns.
 */
export function restoreOfflineCopy(queryClient: QueryClient): Promise<void> {
  const local = storage();
  if (!local) return Promise.resolve();
  let restoring = restores.get(queryClient);
  if (!restoring) {
    const tag = copyTag();
    if (!tag) {
      local.removeItem(STORAGE_KEY);
      return Promise.resolve();
    }
    restoring = persistQueryClientRestore({
      ...persistence(queryClient, local),
      maxAge: COPY_MAX_AGE_MS,
      buster: tag,
    })
      // Not awaited: the screen paints from the copy without waiting for the server.
      .then(() => void queryClient.resumePausedMutations())
      .catch(() => {});
    restores.set(queryClient, restoring);
  }
  return restoring;
}

/**
 * Keeps the offline copy current and restores it when the app starts without a network (or its first request
 * finds none). Answers a function that stops it.
 */
export function keepOfflineCopy(queryClient: QueryClient): () => void {
  const local = storage();
  if (!local) return () => {};
  if (navigator.onLine === false) void restoreOfflineCopy(queryClient);
  const stopSaving = persistQueryClientSubscribe(persistence(queryClient, local));
  // Saves wait up to SAVE_THROTTLE_MS: a change made just before he closes the app is written as the page goes.
  const saveNow = () => {
    const { dehydrateOptions } = persistence(queryClient, local);
    const copy = { buster: "", timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) };
    guardedStorage(queryClient, local).setItem(STORAGE_KEY, lastGoodAnswers(copy));
  };
  window.addEventListener("pagehide", saveNow);
  const stopWatching = queryClient.getQueryCache().subscribe(({ query }) => {
    const { data, error, status } = query.state;
    if (query.queryKey[0] === "session" && status === "error" && isNetworkFailure(error) && data === undefined) {
      void restoreOfflineCopy(queryClient);
    }
  });
  return () => {
    window.removeEventListener("pagehide", saveNow);
    stopWatching();
    stopSaving();
  };
}
