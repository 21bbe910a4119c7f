import type { Db } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";

/**
 * His challenge accepted `minutes` ago on the server's clock: a typed run can be no longer than the time since he
 * accepted (issue 53 row 2), so a test that types one right away first moves the acceptance back, as if he had gone
 * for his run in between.
 */
export async function acceptedChallengeMinutesAgo(db: Db, userId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await db
    .insert(profiles)
    .values({ id: userId, challengeAcceptedAt: at })
    .onConflictDoUpdate({ target: profiles.id, set: { challengeAcceptedAt: at } });
}
