import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * A stand-in's state (the local Stripe's, the local Strava's), kept across restarts in a JSON file in development and
 * in memory without one. A missing or unreadable file starts empty, as a new account at the real service would.
 */
export function keptState<State extends object>(empty: () => State, file?: string) {
  let state = empty();
  if (file) {
    try {
      state = { ...empty(), ...JSON.parse(readFileSync(file, "utf8")) };
    } catch {
      // No file yet (first start) or an unreadable one: start empty.
    }
  }
  return {
    state,
    /** Writes the state atomically (temp file + rename), so a crash mid-write never leaves half a file. */
    save() {
      if (!file) return;
      mkdirSync(dirname(file), { recursive: true });
      // A private temp name per write: two processes sharing the folder never rename each other's file away.
      const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      writeFileSync(draft, JSON.stringify(state));
      renameSync(draft, file);
    },
  };
}
