import type { Logger } from "../logger.ts";

/** Beyond this many answered requests still being worked on, new ones are refused (503) instead of queued without end. */
const MAX_PENDING = 200;

/** The requests answered before their work: what the log calls them. */
export type DeferredKind = "sign-up" | "password reset request";

/**
 * Sign-ups and reset requests answered before their work is done (issue 12, row 5 and issue 24 #4; decisions 0063
 * and 0101). Whether an address has an account decides how long the work takes (a sign-up: hash, user, credentials,
 * profile, e-mail, or hash and a notice to the owner; a reset request: the user and a link row, or a dummy lookup);
 * the answer goes out before any of it starts, so its timing cannot tell. The work of one address is remembered until
 * it is done and runs after the address's earlier work, so a login or reset request right after signing up finds the
 * account written.
 */
export function createDeferredAuthWork(logger: Logger) {
  const pending = new Map<string, Promise<void>>();

  return {
    /** False when too much is pending: the caller answers "busy", the same for every address. */
    start(kind: DeferredKind, email: string, work: () => Promise<Response>): boolean {
      if (pending.size >= MAX_PENDING) return false;
      const previous = pending.get(email) ?? Promise.resolve();
      const run = previous
        .then(work)
        .then(async (response) => {
          if (response.ok) return;
          // better-auth's error code names the failure without the request's data.
          const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
          logger.warn({ status: response.status, code: body?.code }, `${kind} failed after its answer`);
        })
        .catch((error: unknown) => logger.error({ err: error }, `${kind} failed after its answer`))
        .finally(() => {
          if (pending.get(email) === run) pending.delete(email);
        });
      pending.set(email, run);
      return true;
    },
    /** Resolves once all work started so far is done (or has failed): a stopping server waits for it. */
    async settleAll() {
      await Promise.all(pending.values());
    },
    /** Resolves once all work of `email` started so far is done (or has failed). */
    async settled(email: string) {
      await pending.get(email);
    },
  };
}
