import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DomainError } from "#server/services/domain-error.ts";
import { betterAuthRequest, type GuardEnv } from "./guard-env.ts";

/** What of Node's response the app gets from the HTTP server (`HttpBindings`); nothing in-process (`app.request`). */
type Outgoing = { writableFinished: boolean; once(event: "finish" | "close", listener: () => void): unknown };

/**
 * Resolves once the answer is out: Node's response finished (or its connection closed), else on the next turn of the
 * event loop. Work started in the same turn as the answer runs before Node writes it: on PGlite, which runs queries
 * on this thread, a registered address's lookup and insert delayed his answer by a millisecond or two (issue 24 #4).
 */
function answerSent(c: Context<GuardEnv>): Promise<void> {
  const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing;
  return new Promise((resolve) => {
    if (outgoing && !outgoing.writableFinished) {
      outgoing.once("finish", resolve);
      outgoing.once("close", resolve);
    } else setImmediate(resolve);
  });
}

/**
 * Step 7: an endpoint `answeredFirst` (sign-up, reset request) is answered now, the same for every address, and
 * better-auth's work (hash, lookup, writes, e-mail) runs once the answer is out, in the app's `answeredWork` registry
 * (decisions 0063, 0101; kept in the database until done, 0121); with too much of it pending, 503 `auth.busy`, the same for every address. Any other
 * request about an address waits for that address's answered work: a login right after signing up finds the account.
 */
export const answerFirstThenDo = createMiddleware<GuardEnv>(async (c, next) => {
  const endpoint = c.get("endpoint");
  const email = c.get("email");
  const deps = c.get("deps");
  const { auth } = deps;
  const first = endpoint.answeredFirst;
  if (first && email) {
    if (!(await auth.answeredWork.start(first.kind, email, betterAuthRequest(c), () => answerSent(c)))) {
      throw new DomainError("auth.busy");
    }
    return c.json(first.answer, 200);
  }
  if (email) await auth.answeredWork.settled(email);
  await next();
});
