import { type EmailContext, type Recipient, renderEmail } from "./email-layout.ts";

/** A due day (YYYY-MM-DD) as people read it: "Tuesday, 24 November". */
export function readableDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

type Links = { dashboardUrl: string; unsubscribeUrl: string };

export type DeadlineReminder = {
  kind: "due_tomorrow" | "overdue";
  challengeTitle: string;
  milestoneLabel: string;
  milestoneDescription: string;
  dueDay: string;
  timeZone: string;
};

export function deadlineReminderEmail(
  ctx: EmailContext,
  recipient: Recipient,
  reminder: DeadlineReminder,
  links: Links,
) {
  const { challengeTitle, milestoneLabel, dueDay } = reminder;
  const what = `Your ${milestoneLabel} for “${challengeTitle}”`;
  const tomorrow = reminder.kind === "due_tomorrow";
  return renderEmail(ctx, {
    subject: tomorrow ? `Due tomorrow: ${challengeTitle}` : `Overdue: ${challengeTitle}`,
    recipient,
    intro: [
      tomorrow
        ? `${what} is due tomorrow, ${readableDay(dueDay)}.`
        : `${what} was due on ${readableDay(dueDay)} and is not done yet.`,
      ...(reminder.milestoneDescription ? [reminder.milestoneDescription] : []),
      tomorrow
        ? "One focused hour today makes tomorrow easy. Tick it off on your dashboard when it is done."
        : "Finish it today, or choose a new date you will keep: a deadline you move is better than one that passes in silence.",
    ],
    action: { label: "Open my dashboard", url: links.dashboardUrl },
    outro: [
      `You are receiving this email because you set a due date for this milestone. Reminders follow your time zone (${reminder.timeZone}).`,
    ],
    unsubscribe: { label: "Turn off deadline reminders", url: links.unsubscribeUrl },
  });
}

export type WeeklySummary = {
  dueThisWeek: Array<{ challengeTitle: string; milestoneLabel: string; dueDay: string; overdue: boolean }>;
  completedLastWeek: Array<{ challengeTitle: string; milestoneLabel: string }>;
  progress: Array<{ challengeTitle: string; percent: number }>;
};

/** The week's lists as both Monday summaries (his and his partner's) write them. */
export const weeklyLines = {
  due: (summary: WeeklySummary) =>
    summary.dueThisWeek
      .map(
        (m) =>
          `${m.challengeTitle}, ${m.milestoneLabel} (${m.overdue ? "overdue since" : "due"} ${readableDay(m.dueDay)})`,
      )
      .join("; "),
  done: (summary: WeeklySummary) =>
    summary.completedLastWeek.map((m) => `${m.challengeTitle}, ${m.milestoneLabel}`).join("; "),
  progress: (summary: WeeklySummary) =>
    `Progress: ${summary.progress.map((c) => `${c.challengeTitle} ${c.percent}%`).join(" · ")}.`,
};

export function weeklySummaryEmail(ctx: EmailContext, recipient: Recipient, summary: WeeklySummary, links: Links) {
  const due = summary.dueThisWeek;
  const done = summary.completedLastWeek;
  return renderEmail(ctx, {
    subject:
      due.length > 0
        ? `Your week: ${due.length} ${due.length === 1 ? "milestone" : "milestones"} due`
        : `Your week on ${ctx.appName}`,
    recipient,
    intro: [
      due.length > 0
        ? `Due this week: ${weeklyLines.due(summary)}.`
        : "Nothing is due this week. A good week to set the next date on your dashboard.",
      done.length > 0
        ? `Completed last week: ${weeklyLines.done(summary)}. Well done.`
        : "Nothing completed last week. One small step today counts.",
      weeklyLines.progress(summary),
    ],
    action: { label: "Plan my week", url: links.dashboardUrl },
    outro: ["You are receiving this email because you have accepted challenges. It comes every Monday morning."],
    unsubscribe: { label: "Turn off the weekly summary", url: links.unsubscribeUrl },
  });
}
