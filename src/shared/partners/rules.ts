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
