import { resolve } from "node:path";

/**
 * The repository's root, found from this file's folder: two levels up both from `src/server/` (run by tsx) and from
 * `build/server/` (the bundle `npm start` runs), so built files and migrations are found the same way by both.
 */
export const projectRoot = resolve(import.meta.dirname, "../..");
