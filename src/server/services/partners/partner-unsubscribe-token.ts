import { readSignedToken, signToken } from "../mail/signed-token.ts";

/**
 * The token of a partner e-mail's unsubscribe link (RFC 8058 one-click, and the page with the button): the partner's
 * id signed with the server's secret, so it needs no table and works from any instance. It is not the link to his
 * plan (that secret is stored only as a hash) and can only ever stop e-mails, so it never expires. A removed partner's
 * token names a row that no longer exists; a partner invited again gets a new id and a new token.
 */
const PURPOSE = "partner-unsubscribe";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function partnerUnsubscribeToken(secret: string, partnerId: string): string {
  return signToken(secret, PURPOSE, partnerId);
}

/** The partner id a token was signed for, or null for anything the server did not sign. */
export function readPartnerUnsubscribeToken(secret: string, token: string): string | null {
  const partnerId = readSignedToken(secret, PURPOSE, token);
  return partnerId && UUID.test(partnerId) ? partnerId : null;
}
