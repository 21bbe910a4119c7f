import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, reminderDeliveries, users } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { paths } from "#shared/paths.ts";
import { challengeProgress, isOverdue, milestoneLabels } from "#shared/plan/rules.ts";
import { listOfKind, type ReminderKind } from "#shared/reminders/rules.ts";
import { REPLAN_LINK_PARAM } from "#shared/replan/rules.ts";
import { addDays, FALLBACK_TIME_ZONE, localTime, startOfLocalDay } from "#shared/time.ts";
import { readDashboard } from "../dashboard/dashboard.ts";
import { type EmailContext, emailContext } from "../mail/email-layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { deadlineReminderEmail, type WeeklySummary, weeklySummaryEmail } from "../mail/reminder-emails.ts";
import { deliveryRow } from "../outbox/delivery-row.ts";
import { type DeliveryOutcome, type OutboxDeps, sendOnce, unsubscribeLinks } from "../outbox/send.ts";
import { unsubscribeToken } from "../outbox/unsubscribe-token.ts";
import { type PushNotice, pushToUser } from "../push/send-push.ts";
import { readStreak } from "../wins/streak.ts";
import { milestoneStillDue } from "./due-milestone.ts";
import { deadlinePushText, weeklyPushText } from "./reminder-push.ts";
import { listIsOn, readReminderSettings } from "./settings.ts";

/** The one-click unsubscribe route of his reminder lists (routes/reminders). */
export const REMINDERS_ONE_CLICK = "/api/reminders/unsubscribe";

type Delivery = typeof reminderDeliveries.$inferSelect;
/** One reminder: its e-mail, and the same reminder as the short text of a push notification. */
type Composed = { mail: Omit<MailMessage, "to" | "headers">; push: Pick<PushNotice, "title" | "body"> };

/** The dashboard link and the unsubscribe links of one e-mail: the page with a button, and RFC 8058's one-click. */
function linksFor(env: Env, userId: string, kind: ReminderKind) {
  const token = unsubscribeToken(env.AUTH_SECRET, userId, listOfKind[kind]);
  return {
    dashboardUrl: new URL(paths.dashboard, env.APP_URL).toString(),
    ...unsubscribeLinks(env, token, REMINDERS_ONE_CLICK),
  };
}

async function composeDeadline(
  db: Db,
  delivery: Delivery,
  now: Date,
  ctx: EmailContext & { timeZone: string; recipient: { email: string; firstName: string } },
  links: { dashboardUrl: string; unsubscribeUrl: string },
): Promise<Composed | null> {
  const due = await milestoneStillDue(db, delivery.userId, delivery.subjectKey, now);
  if (!due || due.overdue !== (delivery.kind === "overdue")) return null;
  const { milestone, dueDay } = due;
  const reminder = {
    kind: delivery.kind as "due_tomorrow" | "overdue",
    challengeTitle: due.challengeTitle,
    milestoneLabel: milestoneLabels[milestone.milestoneType],
    milestoneDescription: milestone.milestoneDescription,
    dueDay,
    timeZone: ctx.timeZone,
  };
  // Overdue: the link brings him to this milestone's re-plan (issue 27, decision 0108).
  const dashboardUrl =
    reminder.kind === "overdue"
      ? new URL(`${paths.dashboard}?${REPLAN_LINK_PARAM}=${milestone.id}`, links.dashboardUrl).toString()
      : links.dashboardUrl;
  const mail = deadlineReminderEmail(ctx, ctx.recipient, reminder, { ...links, dashboardUrl });
  return { mail, push: deadlinePushText(mail.subject, reminder) };
}

/**
 * His week as the Monday summary tells it, on his clock: what is due this week (and overdue), what he completed last
 * calendar week, progress per accepted challenge, his weekly streak and his screen-time number (issue 55). Null when
 * he has no accepted challenge with a dated milestone. His own summary and his partners' (issue 25) are read here, so
 * both tell the same week; his partners' e-mail leaves his screen time out.
 */
export async function readWeeklySummary(
  db: Db,
  user: { id: string; firstName: string },
  now: Date,
  timeZone: string,
): Promise<WeeklySummary | null> {
  const dashboard = await readDashboard(db, user, now);
  if (dashboard.challenges.length === 0) return null;
  const local = localTime(now, timeZone);
  const today = local.date;
  const weekEnd = addDays(today, 6);
  // Last week is the calendar week before this one on his clock, not the 7 × 24 hours before sending: that missed an
  // hour of completions, or showed one twice, across a summer-time switch or when a summary went out late.
  const thisMonday = addDays(today, 1 - local.weekday);
  const lastWeekFrom = startOfLocalDay(addDays(thisMonday, -7), timeZone);
  const lastWeekUntil = startOfLocalDay(thisMonday, timeZone);
  const dueThisWeek = dashboard.challenges
    .flatMap((challenge) =>
      challenge.milestones
        .filter((m) => !m.milestoneCompleted && m.milestoneDeadline && m.milestoneDeadline.slice(0, 10) <= weekEnd)
        .map((m) => ({
          challengeTitle: challenge.title,
          milestoneLabel: milestoneLabels[m.milestoneType],
          dueDay: (m.milestoneDeadline ?? "").slice(0, 10),
          overdue: isOverdue(m, now),
        })),
    )
    .sort((a, b) => a.dueDay.localeCompare(b.dueDay));
  const completed = await db
    .select({ challengeTitle: challenges.title, type: milestones.milestoneType })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .where(
      and(
        eq(milestones.userId, user.id),
        eq(milestones.milestoneCompleted, true),
        gte(milestones.completedAt, lastWeekFrom),
        lt(milestones.completedAt, lastWeekUntil),
      ),
    )
    .orderBy(asc(milestones.completedAt));
  return {
    dueThisWeek,
    completedLastWeek: completed.map((m) => ({
      challengeTitle: m.challengeTitle,
      milestoneLabel: milestoneLabels[m.type],
    })),
    progress: dashboard.challenges.map((c) => ({
      challengeTitle: c.title,
      percent: challengeProgress(c.milestones),
    })),
    streak: await readStreak(db, user.id, now, timeZone),
    screenTime: dashboard.screenTime,
  };
}

async function composeWeekly(
  db: Db,
  delivery: Delivery,
  now: Date,
  ctx: EmailContext & { timeZone: string; recipient: { email: string; firstName: string } },
  links: { dashboardUrl: string; unsubscribeUrl: string },
): Promise<Composed | null> {
  const summary = await readWeeklySummary(
    db,
    { id: delivery.userId, firstName: ctx.recipient.firstName },
    now,
    ctx.timeZone,
  );
  if (!summary) return null;
  const mail = weeklySummaryEmail(ctx, ctx.recipient, summary, links);
  return { mail, push: weeklyPushText(mail.subject, summary) };
}

/**
 * Sends one claimed reminder through the outbox (sendOnce): marked sent before the mail server is asked, its mark
 * released for the queue's retry when the send fails. A reminder that became untrue (done, moved, switched off) is
 * dropped: its claim is deleted, so a later one can be planned.
 *
 * Once the mail server has taken the e-mail, the same reminder goes to each of his push devices (decision 0098).
 * Pushing never throws, so it cannot make the job fail and send the e-mail again; and since it starts only after the
 * handover, a job retried because the mail server failed has pushed nothing yet. Each device gets it at most once.
 */
export async function deliverReminder(deps: OutboxDeps, deliveryId: string, now: Date): Promise<DeliveryOutcome> {
  const { db, env } = deps;
  let pushed: { userId: string; text: Composed["push"] } | null = null;
  const outcome = await sendOnce(deps.mailer, {
    ...deliveryRow(db, reminderDeliveries, deliveryId, now),
    compose: async (delivery) => {
      const [user] = await db.select().from(users).where(eq(users.id, delivery.userId));
      const settings = await readReminderSettings(db, delivery.userId);
      const listOn = listIsOn(settings, listOfKind[delivery.kind]);
      if (!user?.emailVerified || !listOn) return null;
      const ctx = {
        ...emailContext(env),
        timeZone: settings.timeZone ?? FALLBACK_TIME_ZONE,
        recipient: { email: user.email, firstName: user.firstName },
      };
      const links = linksFor(env, user.id, delivery.kind);
      const composed =
        delivery.kind === "weekly_summary"
          ? await composeWeekly(db, delivery, now, ctx, links)
          : await composeDeadline(db, delivery, now, ctx, links);
      if (!composed) return null;
      pushed = { userId: user.id, text: composed.push };
      return { mail: composed.mail, to: user.email, oneClickUrl: links.oneClickUrl };
    },
  });
  // Set inside compose, an assignment TypeScript's narrowing does not follow (it would read `pushed` as null here).
  const push = pushed as { userId: string; text: Composed["push"] } | null;
  if (outcome === "sent" && push) {
    const report = await pushToUser(deps, push.userId, { ...push.text, url: paths.dashboard, tag: deliveryId });
    if (report.sent + report.failed + report.removed > 0) {
      deps.logger.info({ reminder: { id: deliveryId }, push: report }, "reminder pushed");
    }
  }
  return outcome;
}
