import { CHEER_LINK_DAYS } from "#shared/partners/rules.ts";
import { DAY_MS } from "#shared/time.ts";
import { readExpiringToken, signExpiringToken } from "../mail/signed-token.ts";
import { UUID } from "./partner-unsubscribe-token.ts";

/**
 * The token of a partner e-mail's "Send him a cheer" button (decision 0125): the partner's id, and the milestone the
 * e-mail is about, signed with the server's secret. The link to his plan cannot be in an e-mail we send later (we keep
 * only its hash) and no table may be added for it, so the link carries what it names. Unlike the unsubscribe token it
 * acts in the partner's name, so it expires after CHEER_LINK_DAYS. A removed partner (or his deleted account) leaves
 * the id naming no row: the link opens nothing, whatever its date.
 */
const PURPOSE = "partner-cheer";

export type CheerLink = { partnerId: string; milestoneId: string | null };

export function partnerCheerToken(secret: string, link: CheerLink, now: Date): string {
  const expiresAt = new Date(now.getTime() + CHEER_LINK_DAYS * DAY_MS);
  return signExpiringToken(secret, PURPOSE, `${link.partnerId}.${link.milestoneId ?? ""}`, expiresAt);
}

/** What a token names, or why it names nothing: "invalid" (not signed by us for this) or "expired". */
export function readPartnerCheerToken(secret: string, token: string, now: Date): CheerLink | "invalid" | "expired" {
  const read = readExpiringToken(secret, PURPOSE, token, now);
  if (typeof read === "string") return read;
  const [partnerId = "", milestoneId = "", ...rest] = read.payload.split(".");
  if (rest.length > 0 || !UUID.test(partnerId) || (milestoneId !== "" && !UUID.test(milestoneId))) return "invalid";
  return { partnerId, milestoneId: milestoneId || null };
}
