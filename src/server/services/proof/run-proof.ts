import { eq } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import { profiles } from "#server/db/schema.ts";
import { wholeMinutes } from "#shared/proof/rules.ts";
import { type RunValidation, runValidationSchema } from "#shared/run-challenge/contracts.ts";
import { runWindowRefusal } from "#shared/run-challenge/rules.ts";
import { DomainError } from "../domain-error.ts";
import { isRunValidated, recordRunValidation } from "../onboarding/onboarding.ts";
import type { WinDeps } from "../wins/badges.ts";
import { readProofFile } from "./read-proof.ts";

/**
 * Validates the run challenge with an activity file: the file must show a run (checked as any activity proof, with
 * the running pace) that started inside his 24 hours, and its moving time in whole minutes is the duration, under the
 * same rules and SPEC.md messages as a typed one. The file itself is not kept: only its figures and the route's
 * shape, stored with the run.
 */
export async function recordRunFromFile(
  deps: Pick<Deps, "database"> & Pick<WinDeps, "log">,
  userId: string,
  form: { previousMaxDuration: string; notes: string; file: File },
  now: Date = new Date(),
): Promise<{ runValidation: RunValidation; created: boolean }> {
  const db = deps.database.db;
  const bytes = new Uint8Array(await form.file.arrayBuffer());
  const reading = await readProofFile(bytes, { now, runningPace: true, photos: false });
  if (reading.kind !== "activity") throw new Error("a run proof read as a photo");
  const run = runValidationSchema.safeParse({
    previousMaxDuration: form.previousMaxDuration === "" ? null : Number(form.previousMaxDuration),
    todayDuration: wholeMinutes(reading.activity.movingSeconds),
    notes: form.notes,
  });
  if (!run.success) throw new DomainError("run.invalid", { message: run.error.issues[0]?.message });
  const [profile] = await db
    .select({ acceptedAt: profiles.challengeAcceptedAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const refusal = profile?.acceptedAt
    ? runWindowRefusal(reading.activity.startedAt, profile.acceptedAt)
    : "notAccepted";
  // Once his run is stored, another file (a second tab) answers with that run as any repeat does, whatever its date.
  if (refusal && !(await isRunValidated(db, userId))) throw new DomainError(`run.${refusal}`);
  return recordRunValidation({ db, log: deps.log }, userId, run.data, reading.activity);
}
