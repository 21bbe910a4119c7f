import { formatMinutes } from "#shared/minutes.ts";
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

/** "1 h 40 min a day taken back": his screen-time number, short enough for a notification. */
const takenBackFigure = (minutesPerDay: number) =>
  `${formatMinutes(minutesPerDay)} a day ${minutesPerDay >= 0 ? "taken back" : "more screen time than at your start"}`;

export function weeklyPushText(subject: string, summary: WeeklySummary): PushText {
  const due = summary.dueThisWeek.length;
  const done = summary.completedLastWeek.length;
  const { takenBack } = summary.screenTime;
  const parts = [
    due > 0 ? `${due} ${due === 1 ? "milestone" : "milestones"} due this week` : "Nothing due this week",
    `${done} completed last week`,
    ...(summary.streak.weeks > 0 ? [streakFigure(summary.streak)] : []),
    // Only a number fits the one line; the check-in itself is asked for by Sunday's nudge (decision 0161).
    ...(takenBack ? [takenBackFigure(takenBack.minutesPerDay)] : []),
  ];
  return { title: subject, body: `${parts.join(", ")}. Open your dashboard to plan the week.` };
}
