import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { milestones, partnerDeliveries, partners, reminderSettings, users } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { paths } from "#shared/paths.ts";
import { challengeProgress, milestoneLabels } from "#shared/plan/rules.ts";
import { FALLBACK_TIME_ZONE } from "#shared/time.ts";
import { type EmailContext, emailContext } from "../mail/email-layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import {
  type PartnerEmailLinks,
  partnerCompletedEmail,
  partnerOverdueEmail,
  partnerWeeklyEmail,
} from "../mail/partner-emails.ts";
import { deliveryRow } from "../outbox/delivery-row.ts";
import { type DeliveryOutcome, type OutboxDeps, sendOnce, unsubscribeLinks } from "../outbox/send.ts";
import { forOthers, withTodoStates } from "../plan/plan-read.ts";
import { readWeeklySummary } from "../reminders/deliver.ts";
import { milestoneOfHisPlan, milestoneStillDue } from "../reminders/due-milestone.ts";
import { partnerCheerToken } from "./partner-cheer-token.ts";
import { partnerUnsubscribeToken } from "./partner-unsubscribe-token.ts";

type Delivery = typeof partnerDeliveries.$inferSelect;
type Composed = Omit<MailMessage, "to" | "headers">;
type Partner = { id: string; firstName: string; email: string };
type Inviter = { id: string; firstName: string; timeZone: string };

/** The one-click address (RFC 8058, POSTed by mail providers) and the page with the button. */
function partnerUnsubscribeLinks(env: Env, partnerId: string) {
  const token = partnerUnsubscribeToken(env.AUTH_SECRET, partnerId);
  return unsubscribeLinks(env, token, "/api/partner-emails/unsubscribe", paths.partnerUnsubscribe);
}

/**
 * The e-mail's cheer button (decision 0125): the page that asks before it sends, for this partner and the milestone
 * the news is about (the subject's milestone id; the weekly summary names none).
 */
function partnerCheerUrl(env: Env, partnerId: string, delivery: Delivery, now: Date) {
  const milestoneId = delivery.kind === "weekly_summary" ? null : (delivery.subjectKey.split(":")[0] ?? null);
  const token = partnerCheerToken(env.AUTH_SECRET, { partnerId, milestoneId }, now);
  return new URL(`${paths.partnerCheer}?token=${token}`, env.APP_URL).toString();
}

async function composeCompleted(
  db: Db,
  delivery: Delivery,
  ctx: EmailContext,
  partner: Partner,
  inviter: Inviter,
  links: PartnerEmailLinks,
): Promise<Composed | null> {
  const row = await milestoneOfHisPlan(db, inviter.id, delivery.subjectKey);
  // Ticked off again since it was planned, or its challenge dropped: the news is no longer true.
  if (!row?.milestone.milestoneCompleted) return null;
  // Progress as his dashboard and the partner's page count it: milestones in type order, todos counting in part.
  const siblings = await db
    .select({
      id: milestones.id,
      milestoneType: milestones.milestoneType,
      milestoneCompleted: milestones.milestoneCompleted,
    })
    .from(milestones)
    .where(and(eq(milestones.challengeId, row.challengeId), eq(milestones.userId, inviter.id)));
  const ordered = await withTodoStates(db, inviter.id, siblings);
  return partnerCompletedEmail(
    ctx,
    partner,
    {
      inviterFirstName: inviter.firstName,
      challengeTitle: row.challengeTitle,
      milestoneLabel: milestoneLabels[row.milestone.milestoneType],
      milestoneDescription: (await forOthers()).line(row.milestone.milestoneDescription),
      challengePercent: challengeProgress(ordered),
    },
    links,
  );
}

async function composeOverdue(
  db: Db,
  delivery: Delivery,
  now: Date,
  ctx: EmailContext,
  partner: Partner,
  inviter: Inviter,
  links: PartnerEmailLinks,
): Promise<Composed | null> {
  const due = await milestoneStillDue(db, inviter.id, delivery.subjectKey, now);
  // Done or moved since it was planned, or not missed after all: "missed" would no longer be true.
  if (!due?.overdue) return null;
  const { milestone, dueDay } = due;
  return partnerOverdueEmail(
    ctx,
    partner,
    {
      inviterFirstName: inviter.firstName,
      challengeTitle: due.challengeTitle,
      milestoneLabel: milestoneLabels[milestone.milestoneType],
      milestoneDescription: (await forOthers()).line(milestone.milestoneDescription),
      dueDay,
    },
    links,
  );
}

async function composeWeekly(
  db: Db,
  now: Date,
  ctx: EmailContext,
  partner: Partner,
  inviter: Inviter,
  links: PartnerEmailLinks,
): Promise<Composed | null> {
  const summary = await readWeeklySummary(db, inviter, now, inviter.timeZone);
  return summary ? partnerWeeklyEmail(ctx, partner, inviter.firstName, summary, links) : null;
}

/**
 * Sends one claimed partner e-mail through the outbox, as his own reminders go: marked sent before the mail server is
 * asked, so a retried or duplicated job never sends it twice; a failed send clears the mark and throws, for the queue
 * to retry. One that became untrue (unticked, moved, the partner stopped his e-mails or is no longer confirmed) is
 * dropped: its claim is deleted. His own reminder switches play no part: the partner's e-mails are the partner's to
 * stop.
 */
export async function deliverPartnerEmail(
  deps: Pick<OutboxDeps, "db" | "mailer" | "env">,
  deliveryId: string,
  now: Date,
): Promise<DeliveryOutcome> {
  const { db, env } = deps;
  return sendOnce(deps.mailer, {
    ...deliveryRow(db, partnerDeliveries, deliveryId, now),
    compose: async (delivery) => {
      const [row] = await db
        .select({
          partner: {
            id: partners.id,
            firstName: partners.firstName,
            email: partners.email,
            acceptedAt: partners.acceptedAt,
            emailsStoppedAt: partners.emailsStoppedAt,
          },
          inviterFirstName: users.firstName,
          timeZone: reminderSettings.timeZone,
        })
        .from(partners)
        .innerJoin(users, eq(users.id, partners.userId))
        .leftJoin(reminderSettings, eq(reminderSettings.userId, partners.userId))
        .where(and(eq(partners.id, delivery.partnerId), eq(partners.userId, delivery.userId)));
      if (!row?.partner.acceptedAt || row.partner.emailsStoppedAt) return null;
      const partner = row.partner;
      const inviter = {
        id: delivery.userId,
        firstName: row.inviterFirstName,
        timeZone: row.timeZone ?? FALLBACK_TIME_ZONE,
      };
      const ctx = emailContext(env);
      const links = {
        ...partnerUnsubscribeLinks(env, partner.id),
        cheerUrl: partnerCheerUrl(env, partner.id, delivery, now),
      };
      const composed =
        delivery.kind === "completed"
          ? await composeCompleted(db, delivery, ctx, partner, inviter, links)
          : delivery.kind === "overdue"
            ? await composeOverdue(db, delivery, now, ctx, partner, inviter, links)
            : await composeWeekly(db, now, ctx, partner, inviter, links);
      return composed && { mail: composed, to: partner.email, oneClickUrl: links.oneClickUrl };
    },
  });
}
