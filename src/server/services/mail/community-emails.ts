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
