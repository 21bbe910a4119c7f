import { reportReasons } from "#shared/community/rules.ts";
import { dayOf } from "#shared/time.ts";
import { type EmailContext, type Recipient, renderEmail as render } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

/** What the statement of reasons is about: the decision, the content it took down, and why. */
export type Statement = {
  decision: "remove" | "suspend";
  itemKind: "post" | "comment";
  /** The words of the post or comment as they were, and the win the post shared. */
  text: string;
  challengeTitle: string;
  milestoneText: string;
  postedOn: string;
  /** A community rule: one of the report reasons. */
  ground: (typeof reportReasons)[number]["id"];
  /** The operator's own words: the facts and circumstances. */
  explanation: string;
  /** How many members had reported it (the notice the decision followed; none is named). */
  reports: number;
  decidedAt: Date;
};

function groundLabel(ground: Statement["ground"]) {
  return reportReasons.find((r) => r.id === ground)?.label ?? ground;
}

/**
 * The statement of reasons a member gets when his post or comment is removed or his membership suspended (EU Digital
 * Services Act Art. 17(3), decision 0136): what was decided and its reach, which content, the facts and
 * circumstances (and that it followed members' reports), the rule it rests on, that a person decided it without
 * automated means, and each way to seek redress. Reply-To is the support address, so replying is contesting.
 */
export function statementOfReasonsEmail(
  ctx: EmailContext,
  recipient: Recipient,
  s: Statement,
): Omit<MailMessage, "to"> {
  const what = s.itemKind === "post" ? "your post" : "your comment";
  const decided =
    s.decision === "suspend"
      ? `We removed ${what} from the ${ctx.appName} community and suspended your community membership. While it is suspended you cannot read, post, cheer or comment in the community; your account, your plan and everything else in ${ctx.appName} stay as they are. The suspension lasts until we lift it, for example after you contest it successfully.`
      : `We removed ${what} from the ${ctx.appName} community: nobody sees it any more. Your membership and everything else in your account stay as they are.`;
  const content = [
    `The content: ${s.itemKind === "post" ? "your post" : "your comment"} of ${s.postedOn}`,
    s.itemKind === "post"
      ? ` sharing "${s.milestoneText}" (${s.challengeTitle})`
      : ` under a post about "${s.milestoneText}" (${s.challengeTitle})`,
    s.text ? `, which read: "${s.text}"` : ", which had no words of its own",
    ".",
  ].join("");
  const notice =
    s.reports === 1
      ? "We looked at it because a member reported it."
      : `We looked at it because ${s.reports} members reported it.`;
  const message = render(ctx, {
    subject: `Statement of reasons: we ${s.decision === "suspend" ? "removed your content and suspended your membership" : `removed ${what}`}`,
    recipient,
    intro: [
      decided,
      content,
      `The facts and circumstances: ${notice} ${s.explanation}`,
      `The rule it breaks: "${groundLabel(s.ground)}", which our community rules in the Terms of Service do not allow.`,
      `A person decided this on ${dayOf(s.decidedAt)}, after reading the content and the reports. No automated means were used to detect it or to decide.`,
      `If you think we got it wrong, reply to this e-mail (or write to ${ctx.supportEmail}) within six months and say why: a person looks at the decision again and answers you. You may also turn to a certified out-of-court dispute settlement body (EU Digital Services Act, Art. 21), and you can always go to court.`,
    ],
    outro: [`You are receiving this e-mail because you are a member of the ${ctx.appName} community.`],
  });
  return { ...message, headers: { "Reply-To": ctx.supportEmail } };
}
