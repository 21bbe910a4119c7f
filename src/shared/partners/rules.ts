import { DAY_MS } from "../time.ts";
/**
 * The accountability partner (issue 25, decision 0106): the numbers that bound it. The per-plan partner limit lives
 * with the other plan limits in shared/billing/plans.ts.
 */

/** An invitation whose link was not confirmed within this many days expires; renewing sends a fresh one. */
export const INVITATION_EXPIRY_DAYS = 14;

/** One e-mail address receives at most this many invitations a day from the whole app (no spam relay). */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;

/** A cheer is one short plain-text line. */
export const CHEER_MAX_LENGTH = 280;

/** Cheers one partner may send a day. */
export const CHEERS_PER_PARTNER_PER_DAY = 5;

/**
 * A partner e-mail's "Send him a cheer" link works this long (decision 0125): a cheer answers news, and a month covers
 * an e-mail read late; his invitation's link, which never expires once confirmed, cheers any time after.
 */
export const CHEER_LINK_DAYS = 30;

/** A partner's first name, as the sign-up's first name. */
export const PARTNER_NAME_MAX_LENGTH = 50;

/** What a partner hears, each once per subject (partner_deliveries): a completion, an overdue milestone, a Monday. */
export const partnerDeliveryKinds = ["completed", "overdue", "weekly_summary"] as const;
export type PartnerDeliveryKind = (typeof partnerDeliveryKinds)[number];

/** Where an invitation stands, as his list shows it. Removed partners are deleted, not kept with a status. */
export const partnerStatuses = ["invited", "accepted", "expired"] as const;
export type PartnerStatus = (typeof partnerStatuses)[number];

/** Invited and not confirmed within INVITATION_EXPIRY_DAYS of the link being sent. */
export function partnerStatus(partner: { invitedAt: Date; acceptedAt: Date | null }, now: Date): PartnerStatus {
  if (partner.acceptedAt) return "accepted";
  return now.getTime() - partner.invitedAt.getTime() >= INVITATION_EXPIRY_DAYS * DAY_MS ? "expired" : "invited";
}

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
