import type { Logger } from "../logger.ts";

/** Beyond this many sign-ups still being written, new ones are refused (503) instead of queued without end. */
const MAX_PENDING = 200;

/**
 * Sign-ups answered before their work is done (issue 12, row 5; decision 0063). Whether an address is new (hash,
 * user, credentials, profile, e-mail) or taken (hash, e-mail to the owner) decides how long the work takes; the
 * answer goes out before any of it starts, so its timing cannot tell. The work of one address is remembered until
 * it is done, so a login or reset request for that address right after signing up waits for it.
 */
export function createDeferredSignUps(logger: Logger) {
  const pending = new Map<string, Promise<void>>();

  return {
    /** False when too much is pending: the caller answers "busy", the same for every address. */
    start(email: string, work: () => Promise<Response>): boolean {
      if (pending.size >= MAX_PENDING) return false;
      const previous = pending.get(email) ?? Promise.resolve();
      const run = previous
        .then(work)
        .then(async (response) => {
          if (response.ok) return;
          // better-auth's error code names the failure without the request's data.
          const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
          logger.warn({ status: response.status, code: body?.code }, "sign-up failed after its answer");
        })
        .catch((error: unknown) => logger.error({ err: error }, "sign-up failed after its answer"))
        .finally(() => {
          if (pending.get(email) === run) pending.delete(email);
        });
      pending.set(email, run);
      return true;
    },
    /** Resolves once every sign-up started so far is written (or has failed): a stopping server waits for it. */
    async settleAll() {
      await Promise.all(pending.values());
    },
    /** Resolves once every sign-up of `email` started so far is written (or has failed). */
    async settled(email: string) {
      await pending.get(email);
    },
  };
}

export type DeferredSignUps = ReturnType<typeof createDeferredSignUps>;
