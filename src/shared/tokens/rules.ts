import { FREE_MONTHLY_TOKENS } from "../billing/plans.ts";

/** Token rules shared by the server (spending) and the client (display). SPEC.md sections 4, 8, 9. */

/** `replan`: a free account's second and later re-plan of the same milestone (issue 27). */
export const tokenActions = ["magic_button", "quiz_retake", "replan"] as const;
export type TokenAction = (typeof tokenActions)[number];

export const tokenMessages = {
  insufficient: "Insufficient tokens",
  invalidAction: "Invalid action type",
  profileMissing: "User profile not found",
  premiumSuccess: "Action completed (Premium - Unlimited tokens)",
  consumed: "Token consumed",
} as const;

/** The calendar month a free balance belongs to, e.g. "2026-03" (UTC). */
export function tokenPeriod(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** What a free user has right now: a stored balance from an earlier month counts as topped up to 5. */
export function effectiveFreeBalance(stored: number, storedPeriod: string | null, now: Date = new Date()): number {
  if (storedPeriod !== tokenPeriod(now)) return FREE_MONTHLY_TOKENS;
  return Math.max(0, stored);
}
