import { z } from "zod";
import { undeliverableReason } from "../account/email-address.ts";
import { isValidEmail, normalizeEmail } from "../account/rules.ts";
import type { MilestoneType } from "../plan/rules.ts";
import type { ProofSummary } from "../proof/contracts.ts";
import { userText } from "../text.ts";
import { CHEER_MAX_LENGTH, PARTNER_NAME_MAX_LENGTH, type PartnerStatus } from "./rules.ts";

/** Every message of the partner feature, used verbatim by the server and the screens. */
export const partnerMessages = {
  firstNameRequired: "Please enter your partner's first name.",
  firstNameTooLong: `Please keep the first name under ${PARTNER_NAME_MAX_LENGTH} characters.`,
  emailRequired: "Please enter your partner's email address.",
  emailInvalid: "Please enter a valid email address.",
  emailIpAddress: "Please enter an address with a domain name, not an IP address.",
  emailReservedDomain: "This address can never receive e-mail: its domain is reserved for tests or local networks.",
  ownEmail: "Your partner needs an address other than your own.",
  alreadyInvited: "You have already invited this address.",
  freeLimit: "The free plan includes 1 accountability partner. Upgrade to Premium for up to 3.",
  premiumLimit: "You already have 3 accountability partners.",
  addressLimit: "This address has received too many invitations today. Please try again tomorrow.",
  dailyLimit: "You have sent as many invitations as you can today. Please try again tomorrow.",
  notFound: "This partner is no longer on your list.",
  cheerRequired: "Please write a few words.",
  cheerTooLong: `Please keep your cheer under ${CHEER_MAX_LENGTH} characters.`,
  cheerLimit: "You have sent enough cheers for today. Send another tomorrow.",
  notAccepted: "Please confirm the invitation first.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  cheerLinkInvalid: "This cheer link is not valid. Please open it again from the e-mail, without changing it.",
  cheerLinkExpired: "This cheer link has expired. The link from your invitation e-mail still lets you send a cheer.",
  cheerLinkGone: "This link is not valid any more: you are no longer this person's accountability partner.",
  loadFailed: "Could not load your accountability partners. Please try again.",
  inviteFailed: "Could not send the invitation. Please try again.",
} as const;

const undeliverableMessages = {
  ipAddress: partnerMessages.emailIpAddress,
  reservedDomain: partnerMessages.emailReservedDomain,
} as const;

/**
 * POST /api/partner/invitations. The address is trimmed and lower-cased; one at an IP address or a reserved domain
 * is refused (nothing could deliver it, decision 0115). The first name is printable text only: it is in the e-mail.
 */
export const invitePartnerSchema = z.strictObject({
  firstName: userText({
    max: PARTNER_NAME_MAX_LENGTH,
    printable: true,
    messages: { required: partnerMessages.firstNameRequired, tooLong: partnerMessages.firstNameTooLong },
  }),
  email: z
    .string({ error: partnerMessages.emailRequired })
    .refine((email) => email.trim() !== "", partnerMessages.emailRequired)
    .refine((email) => email.trim() === "" || isValidEmail(email), partnerMessages.emailInvalid)
    .transform(normalizeEmail)
    .superRefine((email, ctx) => {
      const reason = undeliverableReason(email);
      if (reason) ctx.addIssue({ code: "custom", message: undeliverableMessages[reason] });
    }),
});
export type InvitePartner = z.input<typeof invitePartnerSchema>;

/** POST /api/partner-view/:token/cheers: one short plain-text line. */
export const cheerSchema = z.strictObject({
  text: userText({
    max: CHEER_MAX_LENGTH,
    messages: { required: partnerMessages.cheerRequired, tooLong: partnerMessages.cheerTooLong },
  }),
});

/** One partner as his own list shows him (never the link's token). */
export type PartnerSummary = {
  id: string;
  firstName: string;
  email: string;
  status: PartnerStatus;
  invitedAt: string;
  acceptedAt: string | null;
  /** When the partner last opened the page; null if never. */
  lastViewedAt: string | null;
  /** The partner stopped his e-mails from an e-mail's unsubscribe link. */
  emailsStopped: boolean;
};

/** A cheer as his dashboard shows it. */
export type Cheer = { id: string; partnerFirstName: string; text: string; createdAt: string };

/** GET /api/partner. */
export type PartnersAnswer = { partners: PartnerSummary[]; maxPartners: number; cheers: Cheer[] };

/** What a partner sees once he has confirmed: read-only, and nothing else of his (no e-mail, answers or tokens). */
export type PartnerPlanView = {
  firstName: string;
  lifeMission: string | null;
  /** The mean of his accepted challenges' progress figures (challengeProgress), 0–100. */
  progress: number;
  challenges: {
    title: string;
    progress: number;
    milestones: {
      milestoneType: MilestoneType;
      description: string;
      /** YYYY-MM-DD, the due day; null when he has set none. */
      deadline: string | null;
      completed: boolean;
      overdue: boolean;
      /** What proves it (issue 26); a photo loads through the partner's own link. */
      proof: ProofSummary | null;
    }[];
  }[];
};

/** GET /api/partner-view/:token: before confirming, only who invited him; after, the plan. */
export type PartnerViewAnswer =
  | { state: "invited"; inviterFirstName: string; partnerFirstName: string }
  | { state: "accepted"; partnerFirstName: string; plan: PartnerPlanView; cheersLeftToday: number };

/**
 * GET and POST /api/partner-emails/unsubscribe?token=: whose plan the partner's e-mails are about (his first name
 * only) and whether they are stopped. GET changes nothing; POST stops them (RFC 8058 one-click, or the page's button).
 */
export type PartnerUnsubscribeAnswer = { inviterFirstName: string; emailsStopped: boolean };

/**
 * GET /api/partner-emails/cheer?token=: what a partner e-mail's cheer button is about, for the page that asks first
 * (decision 0125); changes nothing. `milestone` is the one the e-mail told of, as it stands now (null for the weekly
 * summary, or once it left his plan).
 */
export type PartnerCheerAnswer = {
  inviterFirstName: string;
  partnerFirstName: string;
  milestone: {
    challengeTitle: string;
    milestoneType: MilestoneType;
    description: string;
    completed: boolean;
    overdue: boolean;
  } | null;
  cheersLeftToday: number;
};
