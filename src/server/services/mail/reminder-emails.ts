import type { Streak } from "#shared/insights/streak.ts";
import { formatMinutes } from "#shared/minutes.ts";
import type { ScreenTimeSummary } from "#shared/screen-time/summary.ts";
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
        : "Finish it today, or re-plan it: tell us what got in the way and get a smaller next step with a date you will keep. A miss is information, not failure.",
    ],
    // The overdue e-mail's link opens the milestone's re-plan (issue 27); the caller puts it in `dashboardUrl`.
    action: { label: tomorrow ? "Open my dashboard" : "Re-plan it", url: links.dashboardUrl },
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
  /** His weekly streak as the new week begins (issue 27). */
  streak: Streak;
  /** His screen time against his starting point (issue 55), as his dashboard has it. His own summary only. */
  screenTime: ScreenTimeSummary;
};

/** "6-week streak (1 rest week)": the dashboard's words for it. */
export function streakFigure(streak: Streak): string {
  const rest = streak.restWeeks === 0 ? "" : ` (${streak.restWeeks} rest ${streak.restWeeks === 1 ? "week" : "weeks"})`;
  return `${streak.weeks}-week streak${rest}`;
}

/**
 * Where his streak stands on Monday, and what keeps it: calm either way. A streak that ended is never told as a loss,
 * only as the next one to start.
 */
function streakSentence(streak: Streak): string {
  if (streak.weeks === 0)
    return "A week counts for your streak when you complete one todo or milestone: start one this week.";
  const figure = `You are on a ${streakFigure(streak)}.`;
  if (streak.thisWeekDone) return `${figure} This week already counts.`;
  return streak.restWeekAvailable
    ? `${figure} One thing done this week keeps it growing.`
    : `${figure} Your rest week is used, so one thing done this week keeps it alive.`;
}

/**
 * His screen-time number in the Monday summary (issue 55), in the dashboard card's words: the number when he has one,
 * else the one step that gets it.
 */
function screenTimeSentence(screenTime: ScreenTimeSummary): string {
  const { startingPoint, takenBack } = screenTime;
  if (!startingPoint) {
    return "How much does your phone take? Add the screen time it shows on your dashboard: it becomes your starting point, and these summaries tell you what you take back.";
  }
  if (!takenBack) return "Check in your screen time this week to see what you have taken back.";
  const basedOn = `based on ${takenBack.basedOn} check-in${takenBack.basedOn === 1 ? "" : "s"}`;
  const perDay = formatMinutes(takenBack.minutesPerDay);
  return takenBack.minutesPerDay >= 0
    ? `Screen time: ${perDay} a day taken back against your starting point (${basedOn}).`
    : `Screen time: ${perDay} a day more than at your start (${basedOn}). One evening with the phone in another room is a good place to begin.`;
}

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
  streak: (summary: WeeklySummary) => streakSentence(summary.streak),
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
      weeklyLines.streak(summary),
      screenTimeSentence(summary.screenTime),
    ],
    action: { label: "Plan my week", url: links.dashboardUrl },
    outro: ["You are receiving this email because you have accepted challenges. It comes every Monday morning."],
    unsubscribe: { label: "Turn off the weekly summary", url: links.unsubscribeUrl },
  });
}
