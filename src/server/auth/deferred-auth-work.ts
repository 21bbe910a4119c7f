import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { answeredAuthWork, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

/** Beyond this many answered requests still being worked on, new ones are refused (503) instead of queued without end. */
const MAX_PENDING = 200;
/** The answering instance's time to do the work (a hash and a few writes take well under a second). */
const LEASE_MS = 60_000;
/** Work that failed this often with an error (not an answer) is dropped and logged. */
const MAX_ATTEMPTS = 3;

/** The requests answered before their work: what the log calls them. */
export type DeferredKind = "sign-up" | "password reset request";

/** What is kept of a request to better-auth: enough to send it again on another instance. */
type KeptRequest = { url: string; method: string; headers: [string, string][]; body: string };

/**
 * A request, sealed with AES-256-GCM under a key derived from AUTH_SECRET (every instance has it), so the password
 * of a sign-up never sits in the database readable, not even for the second its work waits.
 */
function sealer(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "unscroll answered auth work", 32));
  return {
    seal(value: KeptRequest): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const text = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), text]).toString("base64");
    },
    open(sealed: string): KeptRequest {
      const bytes = Buffer.from(sealed, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"));
    },
  };
}

async function keep(request: Request): Promise<KeptRequest> {
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers.entries()],
    body: await request.text(),
  };
}

function requestOf(kept: KeptRequest) {
  return new Request(kept.url, { method: kept.method, headers: kept.headers, body: kept.body });
}

/**
 * Sign-ups and reset requests answered before their work is done (issue 12, row 5 and issue 24 #4; decisions 0063
 * and 0101). Whether an address has an account decides how long the work takes (a sign-up: hash, user, credentials,
 * profile, e-mail, or hash and a notice to the owner; a reset request: the user and a link row, or a dummy lookup);
 * the answer goes out before any of it starts, so its timing cannot tell. The work of one address is remembered until
 * it is done and runs after the address's earlier work, so a login or reset request right after signing up finds the
 * account written.
 *
 * Before the answer, the request is written to `answered_auth_work` (the same insert for every address), and the row
 * goes when the work is done (decision 0121): if this instance dies first, another one does the work once the row's
 * lease runs out (`takeOverAbandoned`). A stopping instance finishes its work instead (`settleAll`).
 */
export function createDeferredAuthWork(deps: {
  db: Db;
  logger: Logger;
  secret: string;
  handle: (request: Request) => Promise<Response>;
}) {
  const { db, logger } = deps;
  const sealed = sealer(deps.secret);
  const pending = new Map<string, Promise<void>>();

  /** Does the work and removes its row; an error leaves the row, to be tried again when its lease runs out. */
  async function perform(kind: DeferredKind, id: string, request: Request) {
    try {
      const response = await deps.handle(request);
      await db.delete(answeredAuthWork).where(eq(answeredAuthWork.id, id));
      if (response.ok) return;
      // better-auth's error code names the failure without the request's data.
      const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
      logger.warn({ status: response.status, code: body?.code }, `${kind} failed after its answer`);
    } catch (error) {
      logger.error({ err: error }, `${kind} failed after its answer`);
    }
  }

  return {
    /**
     * Keeps the request and starts its work once `answered()` resolves (the answer is out). False when too much is
     * pending: the caller answers "busy", the same for every address.
     */
    async start(kind: DeferredKind, email: string, request: Request, answered: () => Promise<void>): Promise<boolean> {
      if (pending.size >= MAX_PENDING) return false;
      const kept = await keep(request);
      const [row] = await db
        .insert(answeredAuthWork)
        .values({ kind, sealed: sealed.seal(kept), leaseUntil: new Date(Date.now() + LEASE_MS) })
        .returning({ id: answeredAuthWork.id });
      if (!row) return false;
      const sent = answered();
      const previous = pending.get(email) ?? Promise.resolve();
      const run = previous
        .then(() => sent)
        .then(() => perform(kind, row.id, requestOf(kept)))
        .finally(() => {
          if (pending.get(email) === run) pending.delete(email);
        });
      pending.set(email, run);
      return true;
    },
    /**
     * Does the work whose instance died before it was done (its lease ran out), oldest first. A sign-up whose account
     * was written before the instance died is not sent again: it would mail the owner a "someone tried to sign up"
     * notice about himself. Answers how many were taken.
     */
    async takeOverAbandoned(now: Date = new Date()): Promise<number> {
      await db
        .delete(answeredAuthWork)
        .where(and(lt(answeredAuthWork.leaseUntil, now), gte(answeredAuthWork.attempts, MAX_ATTEMPTS)));
      const pick = db
        .select({ id: answeredAuthWork.id })
        .from(answeredAuthWork)
        .where(lt(answeredAuthWork.leaseUntil, now))
        .orderBy(asc(answeredAuthWork.createdAt))
        .limit(20)
        .for("update", { skipLocked: true });
      const taken = await db
        .update(answeredAuthWork)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${answeredAuthWork.attempts} + 1` })
        .where(inArray(answeredAuthWork.id, pick))
        .returning();
      for (const row of taken.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
        const kind = row.kind as DeferredKind;
        let kept: KeptRequest;
        try {
          kept = sealed.open(row.sealed);
        } catch (error) {
          // Sealed under another AUTH_SECRET (rotated since): nobody can do it.
          logger.error({ err: error, kind }, "answered auth work cannot be opened; dropped");
          await db.delete(answeredAuthWork).where(eq(answeredAuthWork.id, row.id));
          continue;
        }
        if (kind === "sign-up" && (await accountWrittenSince(kept, row.createdAt))) {
          await db.delete(answeredAuthWork).where(eq(answeredAuthWork.id, row.id));
          continue;
        }
        logger.info({ kind }, "answered auth work taken over from an instance that stopped");
        await perform(kind, row.id, requestOf(kept));
      }
      return taken.length;
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

  async function accountWrittenSince(kept: KeptRequest, since: Date) {
    const email = (JSON.parse(kept.body || "{}") as { email?: unknown }).email;
    if (typeof email !== "string") return false;
    const [user] = await db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    return user !== undefined && user.createdAt.getTime() >= since.getTime() - 1_000;
  }
}
