import { useEffect, useSyncExternalStore } from "react";

/**
 * Code a screen needs only once he starts to use one of its forms (decisions 0140 and 0141): zod's schemas, and the
 * community's word list. Evaluated with the screen they were most of its start-up work on a phone, on every visit,
 * for forms most visits never send. Loaded once per page; a failed download (offline, or a deploy replaced the file)
 * is forgotten, so the next use tries again.
 */
export type LazyModule<T> = {
  /** The module, downloading it on first call. */
  load: () => Promise<T>;
  /** Starts the download (when he focuses a form or opens a dialog), so it is usually there when he sends. */
  preload: () => void;
  /** The module once it has arrived. */
  current: () => T | undefined;
  subscribe: (onArrival: () => void) => () => void;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const load = () => {
    if (!loading) {
      const attempt = importer().then((module) => {
        value = module;
        for (const listener of listeners) listener();
        return module;
      });
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  return {
    load,
    preload: () => void load().catch(() => undefined),
    current: () => value,
    subscribe: (onArrival) => {
      listeners.add(onArrival);
      return () => listeners.delete(onArrival);
    },
  };
}

const nothing = () => undefined;

/**
 * The module for a component that checks as he types: undefined on the server, during hydration and until it has
 * arrived (the server checks what is sent with the same rules), then the module. Mounting starts the download.
 */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  useEffect(() => module.preload(), [module]);
  return useSyncExternalStore(module.subscribe, module.current, nothing);
}
