import { browserTimeZone } from "./time-zone.ts";

/**
 * The browser's time zone, read off the main thread. The first Intl date formatter a page makes loads the locale
 * data: about 40 ms of a fast machine's main thread and several times that on a slow phone, the longest task of the
 * dashboard's load once its HTML came from the server (decision 0140). A worker pays it on its own thread and has the
 * same zone as the page. Where there is no worker, or it fails (a browser that blocks it), the page reads it itself.
 */
export function readTimeZone(): Promise<string | null> {
  if (typeof Worker !== "function") return Promise.resolve(browserTimeZone());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./time-zone.worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve(browserTimeZone());
      return;
    }
    worker.onmessage = (event: MessageEvent<unknown>) => {
      worker.terminate();
      resolve(typeof event.data === "string" ? event.data : null);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(browserTimeZone());
    };
  });
}
