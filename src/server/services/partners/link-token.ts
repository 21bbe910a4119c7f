import { createHash, randomBytes } from "node:crypto";

/**
 * The secret of a partner's link (decision 0106): 256 random bits, the partner's only key to the plan, so it must be
 * unguessable, not merely unique. The database keeps its SHA-256 alone: a copy of the database opens no plan.
 */
export function newPartnerToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashPartnerToken(token) };
}

export function hashPartnerToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** The shape a link's secret has; anything else is not looked up at all (and answers 404). */
const PARTNER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isPartnerToken(token: string) {
  return PARTNER_TOKEN.test(token);
}
