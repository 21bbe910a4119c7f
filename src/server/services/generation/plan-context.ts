import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { partners, proofs, runValidations } from "#server/db/schema.ts";
import type { ProvedRun } from "../ai/body-thread.ts";
import type { PlanContext } from "../ai/index.ts";

/**
 * What the plan may know besides his answers: the first name of his accountability partner (issue 25), the one who
 * confirmed first if he has several, and none while invitations are unconfirmed; and the run he proved before his plan
 * (issue 54), with its distance and pace when an activity file proved it. A plan written before is not rewritten when a
 * partner confirms later.
 */
export async function planContextFor(db: Db, userId: string): Promise<PlanContext> {
  const [[partner], [proved]] = await Promise.all([
    db
      .select({ firstName: partners.firstName })
      .from(partners)
      .where(and(eq(partners.userId, userId), isNotNull(partners.acceptedAt)))
      .orderBy(asc(partners.acceptedAt))
      .limit(1),
    db
      .select({
        minutes: runValidations.todayDuration,
        previousMaxMinutes: runValidations.previousMaxDuration,
        notes: runValidations.notes,
        activity: proofs.activity,
      })
      .from(runValidations)
      .leftJoin(proofs, eq(proofs.runValidationId, runValidations.id))
      .where(eq(runValidations.userId, userId))
      .limit(1),
  ]);
  const run: ProvedRun | null = proved
    ? {
        minutes: proved.minutes,
        previousMaxMinutes: proved.previousMaxMinutes,
        notes: proved.notes,
        distanceMeters: proved.activity?.distanceMeters ?? null,
        paceSecondsPerKm: proved.activity?.paceSecondsPerKm ?? null,
      }
    : null;
  return { ...(partner ? { partnerFirstName: partner.firstName } : {}), run };
}
