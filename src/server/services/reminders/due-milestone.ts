import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones } from "#server/db/schema.ts";
import { isOverdue } from "#shared/plan/rules.ts";
import { dayOf } from "#shared/time.ts";
import { ofCurrentPlan } from "../plan/latest-plan.ts";

/** A milestone of an accepted challenge of his current plan, with its challenge; null for anything else. */
export async function milestoneOfHisPlan(db: Db, userId: string, milestoneId: string) {
  const [row] = await db
    .select({ milestone: milestones, challengeId: challenges.id, challengeTitle: challenges.title })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .where(
      and(
        eq(milestones.id, milestoneId),
        eq(milestones.userId, userId),
        eq(challenges.challengeAccepted, true),
        ofCurrentPlan,
      ),
    );
  return row ?? null;
}

/**
 * The milestone a deadline e-mail was planned for (its subject key, `milestoneId:dueDay`), read again when it is
 * sent: his own "due tomorrow" and "overdue" and his partner's "missed" (issue 39, one reading for both). Null when
 * what the e-mail would say is no longer true: completed, moved to another day, its challenge dropped, or a plan he
 * has since replaced (a retake).
 */
export async function milestoneStillDue(db: Db, userId: string, subjectKey: string, now: Date) {
  const [milestoneId, dueDay] = subjectKey.split(":");
  if (!milestoneId || !dueDay) return null;
  const row = await milestoneOfHisPlan(db, userId, milestoneId);
  const deadline = row?.milestone.milestoneDeadline;
  if (!row || !deadline || row.milestone.milestoneCompleted) return null;
  if (dayOf(deadline) !== dueDay) return null;
  const overdue = isOverdue({ milestoneDeadline: deadline.toISOString(), milestoneCompleted: false }, now);
  return { ...row, dueDay, overdue };
}
