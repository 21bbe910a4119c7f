import { type EmailContext, type Recipient, renderEmail } from "./email-layout.ts";
import { readableDay, streakFigure, type WeeklySummary, weeklyLines } from "./reminder-emails.ts";

/**
 * The e-mails an accountability partner gets once he confirmed (issue 25, decision 0106): a milestone completed, a
 * deadline missed, the Monday summary. The partner has no account and the link to the plan is a secret only he holds
 * (we keep its hash), so these e-mails point him to the link of his invitation for the plan. Their one button sends
 * a cheer (decision 0125): a signed link to a page that asks before it sends. They hold the inviter's first name and
 * his plan's titles, never his e-mail address, his answers or any token but the partner's own cheer and unsubscribe
 * links, which act for this partner only.
 */
export type PartnerEmailLinks = { unsubscribeUrl: string; cheerUrl: string };

/** The partner, greeted by the first name the inviter typed. */
export type PartnerRecipient = Recipient & { firstName: string };

/** What every partner e-mail says about the page and why it came. */
function viewLine(name: string) {
  return `To see ${name}'s whole plan, open the link from your invitation e-mail.`;
}

/** The one button of every partner e-mail: a word from him is what the news asks for. */
function cheerAction(name: string, links: PartnerEmailLinks) {
  return { label: `Send ${name} a cheer`, url: links.cheerUrl };
}

function whyLine(ctx: EmailContext, name: string, extra = "") {
  return `You are receiving this email because ${name} chose you as accountability partner on ${ctx.appName} and you accepted.${extra} One click on the link below stops these emails; ${name}'s plan stays open to you.`;
}

function unsubscribe(name: string, links: PartnerEmailLinks) {
  return { label: `Stop emails about ${name}'s plan`, url: links.unsubscribeUrl };
}

/** His first name as the partner knows him; an account without one reads as "Your friend". */
function inviterName(firstName: string): string {
  return firstName.trim() || "Your friend";
}

export type PartnerCompletion = {
  inviterFirstName: string;
  challengeTitle: string;
  milestoneLabel: string;
  milestoneDescription: string;
  /** The challenge's progress after this milestone, 0–100. */
  challengePercent: number;
};

export function partnerCompletedEmail(
  ctx: EmailContext,
  recipient: PartnerRecipient,
  news: PartnerCompletion,
  links: PartnerEmailLinks,
) {
  const name = inviterName(news.inviterFirstName);
  return renderEmail(ctx, {
    subject: `${name} completed a milestone`,
    recipient,
    intro: [
      `${name} completed the ${news.milestoneLabel} of “${news.challengeTitle}”.`,
      ...(news.milestoneDescription ? [news.milestoneDescription] : []),
      `That challenge is now ${news.challengePercent}% done. A short word from you now counts for more than you think.`,
    ],
    action: cheerAction(name, links),
    outro: [viewLine(name), whyLine(ctx, name)],
    unsubscribe: unsubscribe(name, links),
  });
}

export type PartnerOverdue = {
  inviterFirstName: string;
  challengeTitle: string;
  milestoneLabel: string;
  milestoneDescription: string;
  /** YYYY-MM-DD. */
  dueDay: string;
};

export function partnerOverdueEmail(
  ctx: EmailContext,
  recipient: PartnerRecipient,
  miss: PartnerOverdue,
  links: PartnerEmailLinks,
) {
  const name = inviterName(miss.inviterFirstName);
  return renderEmail(ctx, {
    subject: `${name} missed a deadline`,
    recipient,
    intro: [
      `The ${miss.milestoneLabel} of “${miss.challengeTitle}” was due on ${readableDay(miss.dueDay)}, and ${name} has not completed it yet.`,
      ...(miss.milestoneDescription ? [miss.milestoneDescription] : []),
      `This is where a partner helps: ask ${name} what got in the way, and whether a new date would be easier to keep. Friendly beats stern.`,
    ],
    action: cheerAction(name, links),
    outro: [viewLine(name), whyLine(ctx, name)],
    unsubscribe: unsubscribe(name, links),
  });
}

export function partnerWeeklyEmail(
  ctx: EmailContext,
  recipient: PartnerRecipient,
  inviterFirstName: string,
  summary: WeeklySummary,
  links: PartnerEmailLinks,
) {
  const name = inviterName(inviterFirstName);
  const due = summary.dueThisWeek;
  const done = summary.completedLastWeek;
  return renderEmail(ctx, {
    subject: `${name}'s week`,
    recipient,
    intro: [
      done.length > 0
        ? `Completed last week: ${weeklyLines.done(summary)}.`
        : `${name} completed no milestone last week.`,
      due.length > 0 ? `Due this week: ${weeklyLines.due(summary)}.` : `Nothing is due this week.`,
      weeklyLines.progress(summary),
      // A streak that ended is his to restart, not news for his partner: only a running one is told.
      ...(summary.streak.weeks > 0 ? [`${name} is on a ${streakFigure(summary.streak)}.`] : []),
      `Monday is a good day for a check-in: ask ${name} what the one thing is that gets done this week.`,
    ],
    action: cheerAction(name, links),
    outro: [viewLine(name), whyLine(ctx, name, " It comes every Monday morning.")],
    unsubscribe: unsubscribe(name, links),
  });
}
