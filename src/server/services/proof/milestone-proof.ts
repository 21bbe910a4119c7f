import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, proofs } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import { isMovementText, isRunningText, proofMismatchMessage } from "#shared/proof/rules.ts";
import { DomainError } from "../domain-error.ts";
import type { ProofStorage } from "./proof-storage.ts";
import { proofSummary } from "./proof-summary.ts";
import { readProofFile } from "./read-proof.ts";

export type ProofDeps = { db: Db; storage: ProofStorage; logger: Logger };

/** A photo left behind is only storage, never his data: it is removed once nothing refers to it, and a failure logged. */
async function forgetPhoto(deps: ProofDeps, key: string | null | undefined) {
  if (!key) return;
  await deps.storage.delete(key).catch((err: unknown) => deps.logger.error({ err }, "could not remove a proof photo"));
}

/**
 * Attaches a proof to one of his milestones, replacing the one it had: an activity file (checked; the running pace
 * only for a milestone about running) or a photo (re-encoded, its metadata gone). Uploads for the same milestone at
 * once end with exactly one proof, the last to commit. An activity file for a milestone whose words (its own, its
 * challenge's title) are not about moving is kept only when he confirmed it (`mismatchConfirmed`): an 8.7 km run is
 * no proof of ten sales conversations, and nothing said so (issue 53 row 11).
 */
export async function attachMilestoneProof(
  deps: ProofDeps,
  userId: string,
  milestoneId: string,
  file: File,
  { now = new Date(), mismatchConfirmed = false }: { now?: Date; mismatchConfirmed?: boolean } = {},
): Promise<ProofSummary> {
  const [milestone] = await deps.db
    .select({ text: milestones.milestoneDescription, title: challenges.title, about: challenges.description })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!milestone) throw new DomainError("milestone.notFound");

  const reading = await readProofFile(new Uint8Array(await file.arrayBuffer()), {
    now,
    runningPace: isRunningText(milestone.text, milestone.title, milestone.about),
    photos: true,
  });
  // The challenge's description is left out: long prose that names a run in passing would wave any file through.
  if (reading.kind === "activity" && !mismatchConfirmed && !isMovementText(milestone.text, milestone.title)) {
    throw new DomainError("proof.mismatch", {
      message: proofMismatchMessage(milestone.text, reading.activity.distanceMeters),
    });
  }
  const photoKey = reading.kind === "photo" ? `${randomUUID()}.webp` : null;
  if (reading.kind === "photo" && photoKey) {
    try {
      await deps.storage.put(photoKey, reading.image, reading.contentType);
    } catch (err) {
      throw new DomainError("proof.uploadFailed", {}, { cause: err });
    }
  }

  let replaced: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      // His milestone row, locked: uploads for it take turns, and one deleted meanwhile is not found.
      const locked = await tx.execute(
        sql`select id from milestones where id = ${milestoneId} and user_id = ${userId} for update`,
      );
      if (locked.rows.length === 0) throw new DomainError("milestone.notFound");
      const [previous] = await tx
        .delete(proofs)
        .where(eq(proofs.milestoneId, milestoneId))
        .returning({ photoKey: proofs.photoKey });
      replaced = previous?.photoKey ?? null;
      const [inserted] = await tx
        .insert(proofs)
        .values(
          reading.kind === "activity"
            ? { userId, milestoneId, kind: "activity", activity: reading.activity }
            : { userId, milestoneId, kind: "photo", photoKey, photoWidth: reading.width, photoHeight: reading.height },
        )
        .returning();
      if (!inserted) throw new Error("proof insert returned nothing");
      return inserted;
    });
    await forgetPhoto(deps, replaced);
    return proofSummary(row);
  } catch (error) {
    await forgetPhoto(deps, photoKey);
    throw error;
  }
}

/** Removes his milestone's proof (none is fine); another user's milestone is not found. */
export async function removeMilestoneProof(deps: ProofDeps, userId: string, milestoneId: string): Promise<void> {
  const [mine] = await deps.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.userId, userId)));
  if (!mine) throw new DomainError("milestone.notFound");
  const removed = await deps.db
    .delete(proofs)
    .where(and(eq(proofs.milestoneId, milestoneId), eq(proofs.userId, userId)))
    .returning({ photoKey: proofs.photoKey });
  for (const { photoKey } of removed) await forgetPhoto(deps, photoKey);
}

/** The proofs of the milestones named, by milestone id, as a reader with `photoUrl` sees them. */
export async function milestoneProofs(
  db: Db,
  userId: string,
  milestoneIds: string[],
  photoUrl: (proofId: string) => string,
): Promise<Map<string, ProofSummary>> {
  if (milestoneIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(proofs)
    .where(and(eq(proofs.userId, userId), inArray(proofs.milestoneId, milestoneIds)));
  return new Map(rows.map((row) => [row.milestoneId ?? "", proofSummary(row, photoUrl)]));
}

/** One of his proof photos, or null (unknown, not a photo, or another user's: the same 404). */
export async function readProofPhoto(deps: Pick<ProofDeps, "db" | "storage">, userId: string, proofId: string) {
  const [row] = await deps.db
    .select({ photoKey: proofs.photoKey })
    .from(proofs)
    .where(and(eq(proofs.id, proofId), eq(proofs.userId, userId)));
  if (!row?.photoKey) return null;
  return deps.storage.get(row.photoKey);
}
