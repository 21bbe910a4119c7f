import type { Deps } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { onePer } from "#shared/one-per.ts";
import { membership } from "./admission.ts";

/** Members kept at most, so a flood of sign-ups cannot grow the server's memory without bound. */
const MAX_KEPT = 10_000;

type Standing = Awaited<ReturnType<typeof membership>>;

/**
 * Where he stands in the community, as every members-only request asks first (issue 58): a man found to be a member is
 * kept for SESSION_CACHE_SECONDS, so the feed's page, its cheers and comments are one statement each rather than two.
 * Only "member" is kept: an admission and a lifted suspension show on his next request, which reads the database. A
 * suspension is published on `standings` after its commit (moderation.ts) and drops every kept member on every
 * instance within milliseconds; while this instance cannot hear such changes, nothing is kept.
 */
function createKeptMembers(database: Database, keepMs: number) {
  /** When each was read, by user id. */
  const kept = new Map<string, number>();
  // Counts `forget` calls: a read that began before one must not keep what it read.
  let generation = 0;

  function forget() {
    generation += 1;
    kept.clear();
  }
  database.changes.subscribe("standings", forget);

  async function standing(userId: string, now = Date.now()): Promise<Standing> {
    const readAt = kept.get(userId);
    if (readAt !== undefined && now - readAt < keepMs && database.changes.live) return "member";
    if (readAt !== undefined) kept.delete(userId);
    const readIn = generation;
    const read = await membership(database.db, userId);
    if (read === "member" && keepMs > 0 && readIn === generation && database.changes.live) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(userId, now);
    }
    return read;
  }

  return { standing };
}

/** This instance's kept members: one set per app's dependencies, made once per process as the session reader is. */
export const keptMembers = onePer((deps: Pick<Deps, "database" | "env">) =>
  createKeptMembers(deps.database, deps.env.SESSION_CACHE_SECONDS * 1000),
);
