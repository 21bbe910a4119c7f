import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles, proofs, quizResponses, runValidations } from "#server/db/schema.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import type { OnboardingState, RunValidation, RunValidationRequest } from "#shared/run-challenge/contracts.ts";
import { minutesSinceAcceptance, targetMinutes, typedRunRefusal } from "#shared/run-challenge/rules.ts";
import { DomainError } from "../domain-error.ts";
import { awardBadgesAfterWin, type WinDeps } from "../wins/badges.ts";

type RunValidationRow = typeof runValidations.$inferSelect;

function toRunValidation(row: RunValidationRow, activity: ActivityReading | null): RunValidation {
  return {
    id: row.id,
    previousMaxDuration: row.previousMaxDuration,
    todayDuration: row.todayDuration,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    activity,
  };
}

/** His run validation with what its activity file showed, if it was proved by one. */
async function readRunValidation(db: Pick<Db, "select">, userId: string): Promise<RunValidation | null> {
  const [row] = await db
    .select({ run: runValidations, activity: proofs.activity })
    .from(runValidations)
    .leftJoin(proofs, eq(proofs.runValidationId, runValidations.id))
    .where(eq(runValidations.userId, userId))
    .limit(1);
  return row ? toRunValidation(row.run, row.activity ?? null) : null;
}

/** Where the user stands in onboarding: the run challenge accepted and validated, and the latest quiz. */
export async function onboardingState(db: Db, userId: string): Promise<OnboardingState> {
  const [[profile], validation, [quiz]] = await Promise.all([
    db
      .select({ acceptedAt: profiles.challengeAcceptedAt, max: profiles.runMaxDurationMinutes })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    readRunValidation(db, userId),
    db
      .select({ id: quizResponses.id, status: quizResponses.status, generationStatus: quizResponses.generationStatus })
      .from(quizResponses)
      .where(eq(quizResponses.userId, userId))
      .orderBy(desc(quizResponses.createdAt))
      .limit(1),
  ]);
  const acceptedAt = profile?.acceptedAt ?? null;
  return {
    challengeAcceptedAt: acceptedAt?.toISOString() ?? null,
    maxDurationMinutes: profile?.max ?? null,
    targetMinutes: acceptedAt ? targetMinutes(profile?.max ?? null) : null,
    runValidation: validation,
    latestQuiz: quiz ?? null,
  };
}

/** Accepts the run challenge. The countdown counts from the first acceptance: a repeat only updates the stated max. */
export async function acceptRunChallenge(
  db: Db,
  userId: string,
  maxDurationMinutes: number | null,
  now: Date = new Date(),
) {
  // Written on the app's clock, which every moment the app compares is on (decision 0100).
  await db
    .insert(profiles)
    .values({ id: userId, challengeAcceptedAt: now, runMaxDurationMinutes: maxDurationMinutes })
    .onConflictDoUpdate({
      target: profiles.id,
      set: {
        challengeAcceptedAt: sql`coalesce(${profiles.challengeAcceptedAt}, ${now}::timestamptz)`,
        runMaxDurationMinutes: maxDurationMinutes,
      },
    });
}

/**
 * Records the run once, with the activity file's figures when it was proved by one (both or neither are stored); a
 * repeat returns the stored validation (`created` false) and changes nothing.
 */
export async function recordRunValidation(
  wins: WinDeps,
  userId: string,
  run: RunValidationRequest,
  activity: ActivityReading | null = null,
): Promise<{ runValidation: RunValidation; created: boolean }> {
  const { db } = wins;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(runValidations)
      .values({ userId, ...run })
      .onConflictDoNothing({ target: runValidations.userId })
      .returning();
    if (row && activity)
      await tx.insert(proofs).values({ userId, runValidationId: row.id, kind: "activity", activity });
    return row;
  });
  if (created) {
    // His run validated, typed, from a file or by Strava: the win every way goes through, awarded here once.
    await awardBadgesAfterWin(wins, userId);
    return { runValidation: toRunValidation(created, activity), created: true };
  }
  const existing = await readRunValidation(db, userId);
  if (!existing) throw new Error("run validation vanished after a conflicting insert");
  return { runValidation: existing, created: false };
}

/**
 * Records the run he typed, no longer than the time since he accepted the challenge (issue 53 row 2): a file's start
 * is checked against his 24 hours, a typed run has only its length. Once his run is stored, a repeat answers with it
 * as any repeat does.
 */
export async function recordTypedRun(wins: WinDeps, userId: string, run: RunValidationRequest, now: Date = new Date()) {
  const { db } = wins;
  if (!(await isRunValidated(db, userId))) {
    const [profile] = await db
      .select({ acceptedAt: profiles.challengeAcceptedAt })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const acceptedAt = profile?.acceptedAt ?? null;
    const refusal = typedRunRefusal(run.todayDuration, acceptedAt, now);
    if (refusal === "notAccepted") throw new DomainError("run.notAccepted");
    if (refusal && acceptedAt) {
      throw new DomainError("run.longerThanAccepted", { count: minutesSinceAcceptance(acceptedAt, now) });
    }
  }
  return recordRunValidation(wins, userId, run);
}

/**
 * Users this process has seen with a run validation. A validation is never removed (only with the account, whose id
 * never comes back), so "yes" stays true on every instance and needs no expiry: the client's first question at every
 * start, GET /api/me, then costs no query (issue 13). Bounded, oldest forgotten first.
 */
const knownValidated = new Set<string>();
const KNOWN_VALIDATED_MAX = 50_000;

/** Onboarding is done once a run validation exists. */
export async function isRunValidated(db: Db, userId: string): Promise<boolean> {
  if (knownValidated.has(userId)) return true;
  const [validation] = await db
    .select({ id: runValidations.id })
    .from(runValidations)
    .where(eq(runValidations.userId, userId))
    .limit(1);
  if (!validation) return false;
  if (knownValidated.size >= KNOWN_VALIDATED_MAX) knownValidated.delete(knownValidated.values().next().value as string);
  knownValidated.add(userId);
  return true;
}
