import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { type SessionData, sessionQuery } from "./session.ts";

/**
 * The dashboard offline (issue 14, decision 0093): the last answers of the signed-in user are kept in this browser's
 * storage, under his id, and put back only when the network is gone. The service worker never caches API answers;
 * whoever signs in next replaces them, and signing out deletes them.
 */
const STORAGE_KEY = "unscroll:offline:v1";
/** What the dashboard home needs: who he is and the dashboard itself. Never secrets (the calendar link). */
const KEPT_QUERIES = new Set(["session", "dashboard"]);

type Stored = { userId: string; savedAt: number; state: DehydratedState };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): Stored | null {
  try {
    const text = storage()?.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * Set between a sign-out and the signed-out session (or the next page load): a save already waiting for its 300 ms
 * would otherwise write his dashboard back after it was deleted (seen in a browser test as a full copy left behind).
 */
let forgotten = false;

function removeStored() {
  storage()?.removeItem(STORAGE_KEY);
}

/** At logout and deletion: deletes the copy, and no save writes it again until someone signs in afresh. */
export function forgetOfflineData() {
  forgotten = true;
  removeStored();
}

function signedInUser(queryClient: QueryClient) {
  return queryClient.getQueryData<SessionData>(sessionQuery().queryKey)?.user ?? null;
}

function save(queryClient: QueryClient) {
  const user = signedInUser(queryClient);
  if (!user) {
    // Signed out, or someone else's browser now: nothing of the last user stays.
    if (queryClient.getQueryState(sessionQuery().queryKey)?.status === "success") {
      forgotten = false;
      removeStored();
    }
    return;
  }
  if (forgotten) return;
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === "success" && KEPT_QUERIES.has(String(query.queryKey[0])),
  });
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ userId: user.id, savedAt: Date.now(), state } satisfies Stored));
  } catch {
    // Storage full or blocked (private mode): the app works online as before.
  }
}

function restore(queryClient: QueryClient) {
  const stored = read();
  if (stored) hydrate(queryClient, stored.state);
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Keeps the offline copy current and restores it when the app starts without a network (or its first request
 * finds none). Answers a function that stops it.
 */
export function keepOfflineCopy(queryClient: QueryClient): () => void {
  if (!storage()) return () => {};
  if (navigator.onLine === false) restore(queryClient);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const query = event.query;
    if (query.queryKey[0] === "session" && query.state.status === "error" && isNetworkFailure(query.state.error)) {
      if (query.state.data === undefined) restore(queryClient);
      return;
    }
    if (event.type !== "updated" || !KEPT_QUERIES.has(String(query.queryKey[0]))) return;
    clearTimeout(timer);
    timer = setTimeout(() => save(queryClient), 300);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
