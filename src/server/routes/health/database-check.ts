import { onePer } from "#shared/one-per.ts";

/** The database as the check sees it (the deps' Database; routes do not import the db layer). */
type Pingable = { ping(): Promise<void> };

/** How long a database that answered a ping counts as up for the health check. */
export const PING_FRESH_MS = 1_000;

type Check = { upAt: number; ping: Promise<void> | null };

const checkOf = onePer((_database: Pingable): Check => ({ upAt: Number.NEGATIVE_INFINITY, ping: null }));

/**
 * Whether the database answers, as the health check asks it (decision 0177): a ping that succeeded less than
 * PING_FRESH_MS ago (counted from when it was sent) answers at once, and the checks that arrive while a ping is under
 * way wait for that one. The health check is public and unauthenticated; with a ping each, a flood of it would hold
 * the pool's connections that the men's requests need, and a proxy probing every few seconds learns nothing more from
 * a ping per probe. A failed ping is never kept: the next check pings again.
 */
export function databaseAnswers(database: Pingable, now = performance.now()): Promise<void> {
  const check = checkOf(database);
  if (now - check.upAt < PING_FRESH_MS) return Promise.resolve();
  if (check.ping) return check.ping;
  check.ping = database.ping().then(
    () => {
      // From when the ping was sent: the database answered at some moment after it.
      check.upAt = now;
      check.ping = null;
    },
    (error: unknown) => {
      check.ping = null;
      throw error;
    },
  );
  return check.ping;
}
