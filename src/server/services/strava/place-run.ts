import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, profiles, proofs, runValidations } from "#server/db/schema.ts";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { isRunningText, wholeMinutes } from "#shared/proof/rules.ts";
import { runWindowRefusal } from "#shared/run-challenge/rules.ts";
import type { StravaOutcome } from "#shared/strava/rules.ts";
import { recordRunValidation } from "../onboarding/onboarding.ts";
import type { WinDeps } from "../wins/badges.ts";

/** Where a run that checks out goes: his first run, an offer for a milestone, or only his list. */
export type Placement = { outcome: StravaOutcome; reasonCode: string | null; milestoneId: string | null };

/**
 * His first run, if it is still to validate: the run must start inside his 24 hours, as a file must, and then it
 * validates the challenge with its moving time (previous longest run: the one he stated on the challenge screen).
 */
async function asFirstRun(
  wins: WinDeps,
  userId: string,
  activityId: number,
  reading: ActivityReading,
): Promise<Placement | null> {
  const { db } = wins;
  const [profile] = await db
    .select({
      acceptedAt: profiles.challengeAcceptedAt,
      max: profiles.runMaxDurationMinutes,
      validated: runValidations.id,
    })
    .from(profiles)
    .leftJoin(runValidations, eq(runValidations.userId, profiles.id))
    .where(eq(profiles.id, userId));
  if (!profile?.acceptedAt || profile.validated) return null;
  const refusal = runWindowRefusal(reading.startedAt, profile.acceptedAt);
  if (refusal) return { outcome: "refused", reasonCode: refusal, milestoneId: null };
  const minutes = wholeMinutes(reading.movingSeconds);
  if (minutes < 1) return { outcome: "refused", reasonCode: "notMoving", milestoneId: null };
  const { created } = await recordRunValidation(
    wins,
    userId,
    { previousMaxDuration: profile.max, todayDuration: minutes, notes: "" },
    reading,
  );
  if (created) {
    await db
      .update(proofs)
      .set({ stravaActivityId: activityId })
      .where(and(eq(proofs.userId, userId), sql`${proofs.runValidationId} is not null`));
  }
  return { outcome: created ? "firstRun" : "kept", reasonCode: null, milestoneId: null };
}

/**
 * The running milestone it may prove: open, of a challenge he accepted, about running, without a proof yet, the
 * nearest deadline first (one without a date last). He is asked; nothing is attached until he says yes.
 */
async function dueRunningMilestone(db: Db, userId: string): Promise<string | null> {
  const open = await db
    .select({
      id: milestones.id,
      text: milestones.milestoneDescription,
      title: challenges.title,
      about: challenges.description,
    })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .leftJoin(proofs, eq(proofs.milestoneId, milestones.id))
    .where(
      and(
        eq(milestones.userId, userId),
        eq(milestones.milestoneCompleted, false),
        eq(challenges.challengeAccepted, true),
        isNull(proofs.id),
      ),
    )
    .orderBy(sql`${milestones.milestoneDeadline} asc nulls last`, asc(milestones.createdAt));
  return open.find((m) => isRunningText(m.text, m.title, m.about))?.id ?? null;
}

/** Decides what a checked run of his becomes (a new one: a run seen before keeps what it became). */
export async function placeRun(
  wins: WinDeps,
  userId: string,
  activityId: number,
  reading: ActivityReading,
): Promise<Placement> {
  const { db } = wins;
  const first = await asFirstRun(wins, userId, activityId, reading);
  if (first) return first;
  const milestoneId = await dueRunningMilestone(db, userId);
  return milestoneId
    ? { outcome: "offered", reasonCode: null, milestoneId }
    : { outcome: "kept", reasonCode: null, milestoneId: null };
}
