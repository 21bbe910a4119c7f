import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of an e-mail link that needs no table (an unsubscribe link): `<payload>.<signature>`, the signature an
 * HMAC of the purpose and payload with the server's secret, so it works from any instance. The purpose keeps a token
 * signed for one kind of link from being read as another. The payload must not be secret: it travels in the link.
 */
function signature(secret: string, purpose: string, payload: string) {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url").slice(0, 32);
}

/**
 * A name for `payload` that tells nothing of it and that only this server makes: where an answer must point at a row
 * without naming the ids in it (a member he blocked, issue 52 row 13). The same payload always gets the same name.
 */
export function opaqueName(secret: string, purpose: string, payload: string): string {
  return signature(secret, purpose, payload);
}

export function signToken(secret: string, purpose: string, payload: string): string {
  return `${payload}.${signature(secret, purpose, payload)}`;
}

/** The payload a token was signed with for `purpose`, or null for anything the server did not sign so. */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(signature(secret, purpose, payload));
  const actual = Buffer.from(token.slice(dot + 1));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return payload;
}

/**
 * A token that stops opening anything at `expiresAt`: the moment (whole seconds) is part of the signed payload, so it
 * cannot be moved without the secret. For links that act (a cheer), unlike unsubscribe links, which only ever stop
 * e-mails and so never expire.
 */
export function signExpiringToken(secret: string, purpose: string, payload: string, expiresAt: Date): string {
  return signToken(secret, purpose, `${payload}.${Math.floor(expiresAt.getTime() / 1000)}`);
}

/** "invalid": the server did not sign it for `purpose`; "expired": it did, and `now` is past its moment. */
export function readExpiringToken(
  secret: string,
  purpose: string,
  token: string,
  now: Date,
): { payload: string } | "invalid" | "expired" {
  const signed = readSignedToken(secret, purpose, token);
  const dot = signed?.lastIndexOf(".") ?? -1;
  if (!signed || dot <= 0) return "invalid";
  const seconds = signed.slice(dot + 1);
  if (!/^\d{1,12}$/.test(seconds)) return "invalid";
  if (now.getTime() >= Number(seconds) * 1000) return "expired";
  return { payload: signed.slice(0, dot) };
}
