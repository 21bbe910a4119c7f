import { DomainError } from "../domain-error.ts";

/**
 * The proof uploads this instance takes in at once, by their size, and how many one account may have (issue 41,
 * decision 0116). An upload holds its share from before its body is read until it is answered: receiving up to
 * 10 MB, waiting for the reader and being read. Both what uploads take of memory and how long the line in front of
 * the activity reader is (its time grows with the bytes in it) are bounded by the bytes admitted, so one past the
 * bound is answered at once (503 for the instance, 429 for the account, both with Retry-After) instead of waiting a
 * minute behind the others. Counted by size, not by number: a small FIT uploaded during a flood of 10 MB files still
 * finds room, in the share that large files leave to small ones.
 *
 * Per instance on purpose: what is bounded is this process's memory and reader; the hourly count per account
 * (RATE_LIMIT_PROOF_UPLOADS_PER_USER) is in the database and holds across instances.
 */
export type UploadSlots = {
  /** Room for his upload of `bytes` (its Content-Length, or the most an upload may be), or a refusal. */
  take(userId: string, bytes: number): () => void;
  /** The bytes admitted now, for tests. */
  inUse(): number;
};

/**
 * A file of 10 MB reads in well under a second, so after this long the uploads in front of him have turned over; a
 * browser or script that waits it out finds room.
 */
const UPLOAD_RETRY_SECONDS = 5;
/** A FIT file of a long run, a GPX of an hour: what a phone sends in a moment and the reader reads in milliseconds. */
const SMALL_UPLOAD_BYTES = 1024 * 1024;
/** The share of the bytes that only small uploads may take, so a flood of large ones never shuts them out. */
const SMALL_SHARE = 1 / 8;

export function createUploadSlots(limits: { bytesAtOnce: number; perAccount: number }): UploadSlots {
  let used = 0;
  const byAccount = new Map<string, number>();
  const largeBytes = limits.bytesAtOnce * (1 - SMALL_SHARE);
  return {
    take(userId, bytes) {
      const his = byAccount.get(userId) ?? 0;
      // His own first: waiting for his other uploads is his to do, and it is what he can act on.
      if (his >= limits.perAccount) {
        throw new DomainError("proof.accountBusy", { retryAfterSeconds: UPLOAD_RETRY_SECONDS });
      }
      const room = bytes <= SMALL_UPLOAD_BYTES ? limits.bytesAtOnce : largeBytes;
      // The first upload always gets in, whatever the setting: a bound too small for one file would refuse them all.
      if (used > 0 && used + bytes > room) {
        throw new DomainError("proof.busy", { retryAfterSeconds: UPLOAD_RETRY_SECONDS });
      }
      used += bytes;
      byAccount.set(userId, his + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        used -= bytes;
        const left = (byAccount.get(userId) ?? 1) - 1;
        if (left > 0) byAccount.set(userId, left);
        else byAccount.delete(userId);
      };
    },
    inUse: () => used,
  };
}
