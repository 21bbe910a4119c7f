import { isOverdue } from "#shared/plan/rules.ts";
import { type ReminderKind, withinSendingHours } from "#shared/reminders/rules.ts";
import { addDays, dayOf, isoWeekKey, type LocalTime } from "#shared/time.ts";

export type DueReminder = { userId: string; kind: ReminderKind; subjectKey: string };

type DatedMilestone = { id: string; userId: string; deadline: Date; completed: boolean };

/**
 * The deadline reminders one milestone earns at this moment, read on the user's own clock (decision 0094):
 * - due_tomorrow: on the local day before its due day, from 08:00, while it is not overdue;
 * - overdue: once its deadline (the end of the due day in UTC, SPEC.md section 9) has passed, on the due day or the
 *   day after, from 08:00 local.
 * Nothing is sent at night (22:00–08:00); a reminder whose day passes at night is not sent late. The subject names
 * the due day, so moving the deadline earns new reminders and keeping it never repeats one.
 */
export function deadlineRemindersDue(milestone: DatedMilestone, local: LocalTime, now: Date): DueReminder[] {
  if (milestone.completed || !withinSendingHours(local)) return [];
  const dueDay = dayOf(milestone.deadline);
  const subjectKey = `${milestone.id}:${dueDay}`;
  const overdue = isOverdue(
    { milestoneDeadline: milestone.deadline.toISOString(), milestoneCompleted: milestone.completed },
    now,
  );
  if (overdue && (local.date === dueDay || local.date === addDays(dueDay, 1))) {
    return [{ userId: milestone.userId, kind: "overdue", subjectKey }];
  }
  if (!overdue && local.date === addDays(dueDay, -1)) {
    return [{ userId: milestone.userId, kind: "due_tomorrow", subjectKey }];
  }
  return [];
}

/** The weekly summary goes out on Monday from 08:00 local time, once per ISO week. */
export function weeklySummaryDue(userId: string, local: LocalTime): DueReminder[] {
  if (local.weekday !== 1 || !withinSendingHours(local)) return [];
  return [{ userId, kind: "weekly_summary", subjectKey: isoWeekKey(local.date) }];
}
