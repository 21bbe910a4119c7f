import { INVITATION_EXPIRY_DAYS } from "#shared/partners/rules.ts";
import { type EmailContext, type Recipient, renderEmail } from "./email-layout.ts";

export type PartnerInvitation = {
  /** The inviter's first name, as his account has it. */
  inviterFirstName: string;
  /** What he committed to: the life mission of his current plan and the titles of its accepted challenges. */
  lifeMission: string | null;
  challengeTitles: string[];
  /** The partner's page, with the link's secret. */
  url: string;
};

/**
 * The one e-mail a partner gets before confirming (decision 0106): who asks, what he committed to, what the page
 * shows and what it never shows, the link and when it expires. Nothing else goes to the address until he confirms.
 */
export function partnerInvitationEmail(ctx: EmailContext, recipient: Recipient, invitation: PartnerInvitation) {
  const { inviterFirstName: inviter, lifeMission, challengeTitles } = invitation;
  const commitments = [
    ...(lifeMission ? [`Life mission: “${lifeMission}”`] : []),
    ...(challengeTitles.length > 0
      ? [`Accepted challenges: ${challengeTitles.map((title) => `“${title}”`).join(", ")}.`]
      : []),
  ];
  return renderEmail(ctx, {
    subject: `${inviter} asked you to be an accountability partner`,
    recipient,
    intro: [
      `${inviter} is using ${ctx.appName} to trade scrolling for real goals, and chose you as the one person who keeps an eye on the plan.`,
      ...(commitments.length > 0
        ? [`What ${inviter} committed to:`, ...commitments]
        : [
            `${inviter} is still choosing the challenges to commit to; the page shows them as soon as they are accepted.`,
          ]),
      `What you will see: ${inviter}'s first name, life mission, each accepted challenge with its milestones and due dates, what is done, what is overdue, and the progress. You can send a short cheer.`,
      `What you will not see: ${inviter}'s e-mail address, quiz answers, notes or to-do lists. You need no account.`,
      `Open the page and confirm to become ${inviter}'s partner. Until you confirm, we send nothing else to this address.`,
    ],
    action: { label: "Open the plan", url: invitation.url },
    outro: [
      `The link expires in ${INVITATION_EXPIRY_DAYS} days unless you confirm. Keep it to yourself: anyone with the link can see the plan.`,
      `You are receiving this email because ${inviter} entered ${recipient.email} on ${ctx.appName}. If you do not want to take part, ignore this email: nothing more will be sent unless you confirm.`,
    ],
  });
}
