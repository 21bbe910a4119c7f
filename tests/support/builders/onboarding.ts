import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";
import { acceptRunChallenge, recordTypedRun } from "#server/services/onboarding/onboarding.ts";
import type { WinDeps } from "#server/services/wins/badges.ts";

/**
 * What a builder gives the services that complete a win: they award its badges as the app does. A failed award is a
 * broken starting state, not something to log and go on from, so it throws out of the builder.
 */
export function winsOf(db: Db): WinDeps {
  const error = (...args: unknown[]) => {
    throw new Error(`a badge award failed while building a test's state: ${String(args.at(-1))}`, { cause: args[0] });
  };
  return { db, log: { error } as unknown as WinDeps["log"] };
}

/**
 * His challenge accepted `minutes` ago on the server's clock: a typed run can be no longer than the time since he
 * accepted (issue 53 row 2), so a test that types one right away first moves the acceptance back, as if he had gone
 * for his run in between. Moves an acceptance already made (the service keeps the first one), so it writes the row.
 */
export async function acceptedChallengeMinutesAgo(db: Db, userId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await db
    .insert(profiles)
    .values({ id: userId, challengeAcceptedAt: at })
    .onConflictDoUpdate({ target: profiles.id, set: { challengeAcceptedAt: at } });
}

/** The run a validated man typed: 65 minutes against his 40, an hour and a half after he accepted. */
const VALIDATED_RUN = {
  previousMaxDuration: 40,
  todayDuration: 65,
  notes: "Hardest hour of my year, but I kept moving.",
} as const;

/**
 * Onboarding done (decision 0174): the run challenge accepted ninety minutes before `now` and his run typed, through
 * the onboarding service as the two screens do it. The screens have their own tests. A man who accepted a moment ago
 * (the challenge screen accepts as it opens) has his acceptance moved back, as if he had been out running since.
 */
export async function buildValidatedRun(db: Db, userId: string, now: Date = new Date()) {
  const acceptedAt = new Date(now.getTime() - 90 * 60_000);
  await acceptRunChallenge(db, userId, VALIDATED_RUN.previousMaxDuration, acceptedAt);
  await db
    .update(profiles)
    .set({ challengeAcceptedAt: acceptedAt })
    .where(and(eq(profiles.id, userId), gt(profiles.challengeAcceptedAt, acceptedAt)));
  const { runValidation } = await recordTypedRun(winsOf(db), userId, VALIDATED_RUN, now);
  return runValidation;
}
