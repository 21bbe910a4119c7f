import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones, todos } from "#server/db/schema.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import type { EmailContext, Recipient } from "../mail/email-layout.ts";
import { renderEmail } from "../mail/email-layout.ts";
import { readableDay } from "../mail/reminder-emails.ts";
import { ofCurrentPlan } from "../plan/latest-plan.ts";

/**
 * What the evening's nudges say (issue 55, decision 0161): "Phone down." and tonight's one step from his plan, as a
 * push (title and one line) or, without a push device, as an e-mail with a one-tap link.
 */

/** Tonight's one step: his next open todo of the milestone due soonest, else that milestone's own words. */
export type TonightsStep = { text: string; challengeTitle: string };

export async function readTonightsStep(db: Db, userId: string): Promise<TonightsStep | null> {
  const [milestone] = await db
    .select({
      id: milestones.id,
      type: milestones.milestoneType,
      description: milestones.milestoneDescription,
      challengeTitle: challenges.title,
    })
    .from(milestones)
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .where(
      and(
        eq(milestones.userId, userId),
        eq(milestones.milestoneCompleted, false),
        eq(challenges.challengeAccepted, true),
        ofCurrentPlan,
      ),
    )
    .orderBy(sql`${milestones.milestoneDeadline} asc nulls last`, asc(challenges.position), asc(milestones.createdAt))
    .limit(1);
  if (!milestone) return null;
  const [todo] = await db
    .select({ text: todos.todoDescription })
    .from(todos)
    .where(and(eq(todos.milestoneId, milestone.id), eq(todos.userId, userId), eq(todos.todoCompleted, false)))
    .orderBy(asc(todos.position), asc(todos.createdAt))
    .limit(1);
  const text = todo?.text.trim() || milestone.description.trim() || `Your ${milestoneLabels[milestone.type]}`;
  return { text, challengeTitle: milestone.challengeTitle };
}

type PushText = { title: string; body: string };

export function phoneDownPushText(step: TonightsStep | null): PushText {
  return {
    title: "Phone down.",
    body: step
      ? `Tonight's one step: ${step.text}`
      : "Put it in another room and take the evening back. Tap Phone down when it's away.",
  };
}

export function checkInPushText(): PushText {
  return {
    title: "Check in your screen time",
    body: "Open your phone's Screen Time or Digital Wellbeing, and add this week's number. It takes a minute.",
  };
}

type Links = { answerUrl: string; unsubscribeUrl: string };

export function phoneDownEmail(
  ctx: EmailContext,
  recipient: Recipient,
  evening: { day: string; phoneDownAt: string; timeZone: string; step: TonightsStep | null },
  links: Links,
) {
  const { step } = evening;
  return renderEmail(ctx, {
    subject: "Phone down.",
    recipient,
    intro: [
      `It's ${evening.phoneDownAt}, the time you picked to put your phone down.`,
      ...(step
        ? [`Tonight's one step for “${step.challengeTitle}”: ${step.text}`]
        : ["Put it in another room and take the evening back."]),
      "Tap the button once it's away: every evening you do counts toward your streak.",
    ],
    action: { label: "Phone down", url: links.answerUrl },
    outro: [
      `You are receiving this email because you set a phone-down time (${evening.phoneDownAt}, ${evening.timeZone}) for ${readableDay(evening.day)} and every evening. You get one a day, never after you answered.`,
    ],
    unsubscribe: { label: "Turn off the evening reminder", url: links.unsubscribeUrl },
  });
}

export function checkInEmail(
  ctx: EmailContext,
  recipient: Recipient,
  links: { dashboardUrl: string; unsubscribeUrl: string },
) {
  return renderEmail(ctx, {
    subject: "Check in your screen time",
    recipient,
    intro: [
      "You haven't checked in your screen time this week.",
      "Open Screen Time (iPhone: Settings → Screen Time → See All Activity) or Digital Wellbeing (Android: Settings → Digital Wellbeing), and add the number on your dashboard. The screenshot never leaves your phone.",
    ],
    action: { label: "Check in now", url: links.dashboardUrl },
    outro: [
      "You are receiving this email because you haven't checked in during the last 7 days. It comes on Sunday evenings.",
    ],
    unsubscribe: { label: "Turn off the check-in reminder", url: links.unsubscribeUrl },
  });
}
