import { countsPhrase } from "#shared/community/notifications.ts";
import { type EmailContext, type Recipient, renderEmail as render } from "./email-layout.ts";

/** The e-mail that lets a man from the waitlist into the community (issue 40). */
export function communityOpenEmail(ctx: EmailContext, recipient: Recipient, position: number) {
  return render(ctx, {
    subject: `You're in: the ${ctx.appName} community is open for you`,
    recipient,
    intro: [
      `You joined the waitlist as #${position}, and your turn has come: the ${ctx.appName} community is open for you.`,
      "Share a finished milestone or your run, and cheer on men who know what it took.",
    ],
    action: { label: "Open the community", url: `${ctx.appUrl}/dashboard/community` },
    outro: [
      `You are receiving this email because you joined the ${ctx.appName} community waitlist with ${recipient.email}.`,
    ],
  });
}

export type CommunityDigest = {
  counts: { cheers: number; comments: number };
  /** The newest first, each as the app writes it ("Marcus cheered your win “Run 5 km”"). */
  lines: string[];
  /** Items not listed one by one. */
  more: number;
};

/**
 * The daily digest of what happened to his wins (issue 40, decision 0137): at most one a day, with what he has not
 * seen in the app. Its unsubscribe link leads to the page that asks first; the RFC 8058 header does it in one click.
 */
export function communityDigestEmail(
  ctx: EmailContext,
  recipient: Recipient,
  digest: CommunityDigest,
  links: { communityUrl: string; unsubscribeUrl: string },
) {
  const what = countsPhrase(digest.counts);
  return render(ctx, {
    subject: `${what.charAt(0).toUpperCase()}${what.slice(1)} on your wins`,
    recipient,
    intro: [
      `Men in the ${ctx.appName} community saw what you did:`,
      ...digest.lines,
      ...(digest.more > 0 ? [`…and ${digest.more} more.`] : []),
    ],
    action: { label: "Open the community", url: links.communityUrl },
    outro: [
      `You are receiving this email because you are a member of the ${ctx.appName} community. It gathers what you have not seen in the app, at most once a day.`,
    ],
    unsubscribe: { label: "Turn off the community digest", url: links.unsubscribeUrl },
  });
}
