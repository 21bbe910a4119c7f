import { MINIMUM_AGE } from "../account/rules.ts";

/** The numbers the legal pages promise (SPEC.md section 9). Other areas enforce the same figures. */
export const LEGAL_TERMS = {
  /** Statutory right of withdrawal for consumers, in days. */
  withdrawalDays: 14,
  /** Refunds after a withdrawal are paid within this many days. */
  refundDays: 14,
  /** Account data is erased this many days after a deletion request. */
  accountDeletionDays: 30,
  /** Privacy requests are answered within this many days. */
  privacyResponseDays: 30,
  /** ...and within this many days for California residents (CCPA). */
  californiaResponseDays: 45,
  /** Changes to the terms are announced this many days ahead. */
  termsChangeNoticeDays: 30,
  /** A subscription can be cancelled up to this many days before it renews. */
  cancelDaysBeforeRenewal: 1,
  minimumAge: MINIMUM_AGE,
} as const;

/** Date the current versions of the legal texts took effect. */
export const LEGAL_TEXTS_UPDATED = "2026-11-22";
