import { and, between, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, reminderDeliveries, reminderSettings, users } from "#server/db/schema.ts";
import { DAY_MS, FALLBACK_TIME_ZONE, localTime } from "#shared/time.ts";
import { type DueReminder, deadlineRemindersDue, weeklySummaryDue } from "./due-reminders.ts";

/** His current plan, as latestAnalyzedResponse reads it: the most recently analyzed quiz response. */
export const ofCurrentPlan: SQL = sql`${challenges.quizResponseId} = (
  select q.id from quiz_responses q
  where q.user_id = ${challenges.userId} and q.status = 'analyzed'
  order by q.completed_at desc limit 1)`;

/** Reminders go to confirmed addresses only: an unconfirmed one may be somebody else's. */
const reachable = and(eq(users.emailVerified, true), eq(challenges.challengeAccepted, true), ofCurrentPlan);

/** Every reminder due at `now`, whether or not it was sent before. */
async function remindersDue(db: Db, now: Date): Promise<DueReminder[]> {
  // Every time zone's day before or after a deadline falls within two days of it.
  const dated = await db
    .select({
      id: milestones.id,
      userId: milestones.userId,
      deadline: milestones.milestoneDeadline,
      completed: milestones.milestoneCompleted,
      timeZone: reminderSettings.timeZone,
    })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .innerJoin(users, eq(users.id, milestones.userId))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, milestones.userId))
    .where(
      and(
        reachable,
        eq(milestones.milestoneCompleted, false),
        sql`coalesce(${reminderSettings.deadlineEmails}, true)`,
        between(
          milestones.milestoneDeadline,
          new Date(now.getTime() - 3 * DAY_MS),
          new Date(now.getTime() + 3 * DAY_MS),
        ),
      ),
    );
  const weekly = await db
    .selectDistinct({ userId: users.id, timeZone: reminderSettings.timeZone })
    .from(users)
    .innerJoin(challenges, eq(challenges.userId, users.id))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(and(reachable, sql`coalesce(${reminderSettings.weeklySummary}, true)`));

  const clock = (timeZone: string | null) => localTime(now, timeZone ?? FALLBACK_TIME_ZONE);
  return [
    ...dated.flatMap((m) =>
      m.deadline ? deadlineRemindersDue({ ...m, deadline: m.deadline }, clock(m.timeZone), now) : [],
    ),
    ...weekly.flatMap((u) => weeklySummaryDue(u.userId, clock(u.timeZone))),
  ];
}

/**
 * Claims the reminders due at `now` that nobody claimed before and answers their delivery ids. The unique key
 * (user, kind, subject) makes the claim the one place that decides "once": two instances planning the same minute,
 * or one planning again after a restart, insert nothing the second time.
 */
export async function claimDueReminders(db: Db, now: Date): Promise<string[]> {
  const due = await remindersDue(db, now);
  if (due.length === 0) return [];
  const claimed = await db
    .insert(reminderDeliveries)
    .values(due)
    .onConflictDoNothing({
      target: [reminderDeliveries.userId, reminderDeliveries.kind, reminderDeliveries.subjectKey],
    })
    .returning({ id: reminderDeliveries.id });
  return claimed.map((row) => row.id);
}
