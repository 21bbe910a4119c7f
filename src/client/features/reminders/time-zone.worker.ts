import { browserTimeZone } from "./time-zone.ts";

// The first Intl date formatter of a page loads the locale data: here, on the worker's thread (read-time-zone.ts).
postMessage(browserTimeZone());
