import { and, between, eq, gte, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, partnerDeliveries, partners, reminderSettings, users } from "#server/db/schema.ts";
import type { PartnerDeliveryKind } from "#shared/partners/rules.ts";
import { withinSendingHours } from "#shared/reminders/rules.ts";
import { DAY_MS, FALLBACK_TIME_ZONE, type LocalTime, localTime } from "#shared/time.ts";
import { deadlineRemindersDue, weeklySummaryDue } from "../reminders/due-reminders.ts";
import { ofCurrentPlan } from "../reminders/planner.ts";

/**
 * What his accountability partners hear (issue 25, decision 0106), planned in the same minute as his own reminders and
 * claimed once per (partner, kind, subject) in partner_deliveries:
 * - completed: a milestone of an accepted challenge of his current plan completed in the last 2 days (and after the
 *   partner confirmed), subject the milestone's id, so completing it again never repeats it;
 * - overdue: the very rule of his own overdue reminder, subject `${milestoneId}:${dueDay}`;
 * - weekly_summary: Monday from 08:00, subject the ISO week.
 * Everything is read on HIS clock (his reminder time zone, UTC until his browser sent one) and sent 08:00–22:00 only.
 * Only partners who confirmed and have not stopped their e-mails hear anything; his own reminder switches are his
 * and do not silence them: the partner controls his own e-mails with the unsubscribe link.
 */
type PartnerDue = { partnerId: string; userId: string; kind: PartnerDeliveryKind; subjectKey: string };

/** A completion is news for this long: a claim missed at night is made the next morning, never days later. */
const COMPLETED_NEWS_DAYS = 2;

/** Partners who confirmed and still want e-mails. */
const listening = and(isNotNull(partners.acceptedAt), isNull(partners.emailsStoppedAt));
/** An accepted challenge of his current plan (the one the partner's page shows). */
const ofHisPlan = and(eq(challenges.challengeAccepted, true), ofCurrentPlan);

const clock = (now: Date, timeZone: string | null): LocalTime => localTime(now, timeZone ?? FALLBACK_TIME_ZONE);

/** Every partner e-mail due at `now`, whether or not it was sent before. */
async function partnerEmailsDue(db: Db, now: Date): Promise<PartnerDue[]> {
  // One pass over his milestones for both kinds of news. For the overdue one, as for his own reminders: every time
  // zone's day after a deadline falls within two days of it.
  const news = await db
    .select({
      partnerId: partners.id,
      userId: partners.userId,
      id: milestones.id,
      deadline: milestones.milestoneDeadline,
      completed: milestones.milestoneCompleted,
      timeZone: reminderSettings.timeZone,
    })
    .from(partners)
    .innerJoin(milestones, eq(milestones.userId, partners.userId))
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, partners.userId))
    .where(
      and(
        listening,
        ofHisPlan,
        or(
          and(
            eq(milestones.milestoneCompleted, true),
            between(milestones.completedAt, new Date(now.getTime() - COMPLETED_NEWS_DAYS * DAY_MS), now),
            // News from before the partner confirmed is on the page he opened, not in his inbox.
            gte(milestones.completedAt, partners.acceptedAt),
          ),
          and(
            eq(milestones.milestoneCompleted, false),
            between(milestones.milestoneDeadline, new Date(now.getTime() - 3 * DAY_MS), now),
          ),
        ),
      ),
    );
  const weekly = await db
    .selectDistinct({ partnerId: partners.id, userId: partners.userId, timeZone: reminderSettings.timeZone })
    .from(partners)
    .innerJoin(challenges, eq(challenges.userId, partners.userId))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, partners.userId))
    .where(and(listening, ofHisPlan));

  return [
    ...news.flatMap((m): PartnerDue[] => {
      if (m.completed) {
        return withinSendingHours(clock(now, m.timeZone))
          ? [{ partnerId: m.partnerId, userId: m.userId, kind: "completed", subjectKey: m.id }]
          : [];
      }
      if (!m.deadline) return [];
      return deadlineRemindersDue({ ...m, deadline: m.deadline }, clock(now, m.timeZone), now)
        .filter((due) => due.kind === "overdue")
        .map((due) => ({ partnerId: m.partnerId, userId: m.userId, kind: "overdue", subjectKey: due.subjectKey }));
    }),
    ...weekly.flatMap((p): PartnerDue[] =>
      weeklySummaryDue(p.userId, clock(now, p.timeZone)).map((due) => ({
        partnerId: p.partnerId,
        userId: p.userId,
        kind: "weekly_summary",
        subjectKey: due.subjectKey,
      })),
    ),
  ];
}

/**
 * Claims the partner e-mails due at `now` that nobody claimed before and answers their delivery ids, as
 * claimDueReminders does for his own: the unique key (partner, kind, subject) makes two instances planning the same
 * minute, or one planning again after a restart, insert nothing the second time.
 */
export async function claimDuePartnerEmails(db: Db, now: Date): Promise<string[]> {
  const due = await partnerEmailsDue(db, now);
  if (due.length === 0) return [];
  const claimed = await db
    .insert(partnerDeliveries)
    .values(due)
    .onConflictDoNothing({
      target: [partnerDeliveries.partnerId, partnerDeliveries.kind, partnerDeliveries.subjectKey],
    })
    .returning({ id: partnerDeliveries.id });
  return claimed.map((row) => row.id);
}

/** Who a partner's unsubscribe link is about: his first name, and whether the partner's e-mails already stopped. */
export async function readPartnerEmailState(
  db: Db,
  partnerId: string,
): Promise<{ inviterFirstName: string; emailsStopped: boolean } | null> {
  const [row] = await db
    .select({ inviterFirstName: users.firstName, stoppedAt: partners.emailsStoppedAt })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(eq(partners.id, partnerId));
  return row ? { inviterFirstName: row.inviterFirstName, emailsStopped: row.stoppedAt !== null } : null;
}

/**
 * Stops every e-mail to this one partner (his other partners, and his own reminders, are untouched). Idempotent: the
 * first moment stays. Answers false when the partner no longer exists (removed, or his account deleted).
 */
export async function stopPartnerEmails(db: Db, partnerId: string, now: Date): Promise<boolean> {
  const [stopped] = await db
    .update(partners)
    .set({ emailsStoppedAt: now })
    .where(and(eq(partners.id, partnerId), isNull(partners.emailsStoppedAt)))
    .returning({ id: partners.id });
  if (stopped) return true;
  return (await readPartnerEmailState(db, partnerId)) !== null;
}
