import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Node 20's AsyncLocalStorage (decision 0180): once one storage is enabled, by its first `run`, Node calls a hook on
 * every promise of the process, and the storage stays enabled until it is disabled. The first sign-in enabled
 * better-auth's three for the life of the process, so every later request paid the hook on each of its promises:
 * a seventh of a health answer's CPU and a quarter of a signed-in `/api/me`'s (measured in docs/performance.md),
 * for work that never reads a store.
 *
 * So every use of a storage runs inside `withAsyncContext`, which counts the uses under way; when the last one ends,
 * every storage the process registered is disabled, and the next `run` enables it again. A store is read only inside
 * such a use: its own code's, or code it awaits.
 *
 * Node 24's AsyncLocalStorage keeps its stores in the async context frame and runs no hook; there, `disable()` would
 * clear a store of the frame it is called in, which other continuations may share, so nothing is disabled.
 */
const HOOK_BASED = typeof (AsyncLocalStorage.prototype as { _propagate?: unknown })._propagate === "function";

type Disablable = { disable(): void };

const registered = new Set<Disablable>();
let underWay = 0;

/** A storage of ours, registered, whose every run is a use: it cannot be run outside `withAsyncContext`. */
export function contextStorage<T>() {
  const storage = new AsyncLocalStorage<T>();
  registered.add(storage);
  return {
    run: <R>(store: T, work: () => Promise<R>): Promise<R> => withAsyncContext(() => storage.run(store, work)),
    getStore: (): T | undefined => storage.getStore(),
  };
}

/** A library's storage (better-auth's), whose every use the app runs inside `withAsyncContext`. */
export function registerContextStorage(storage: Disablable): void {
  registered.add(storage);
}

/** Runs work that may run or read a registered storage; the last one to end disables them all. */
export async function withAsyncContext<T>(work: () => Promise<T>): Promise<T> {
  underWay += 1;
  try {
    return await work();
  } finally {
    underWay -= 1;
    if (underWay === 0 && HOOK_BASED) for (const storage of registered) storage.disable();
  }
}

/** How many uses are under way: for tests. */
export function asyncContextUnderWay(): number {
  return underWay;
}
