import { type DeadlineReminder, streakFigure, type WeeklySummary } from "../mail/reminder-emails.ts";

/** The text of a reminder as a push notification: the e-mail's subject as its title and one short line. */
type PushText = { title: string; body: string };

export function deadlinePushText(subject: string, reminder: DeadlineReminder): PushText {
  const { milestoneLabel } = reminder;
  return {
    title: subject,
    body:
      reminder.kind === "due_tomorrow"
        ? `Your ${milestoneLabel} is due tomorrow. One focused hour today makes it easy.`
        : `Your ${milestoneLabel} is past its date. Finish it today, or choose a new date you will keep.`,
  };
}

export function weeklyPushText(subject: string, summary: WeeklySummary): PushText {
  const due = summary.dueThisWeek.length;
  const done = summary.completedLastWeek.length;
  const parts = [
    due > 0 ? `${due} ${due === 1 ? "milestone" : "milestones"} due this week` : "Nothing due this week",
    `${done} completed last week`,
    ...(summary.streak.weeks > 0 ? [streakFigure(summary.streak)] : []),
  ];
  return { title: subject, body: `${parts.join(", ")}. Open your dashboard to plan the week.` };
}
