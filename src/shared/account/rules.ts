import { paths } from "../paths.ts";
import { hasControlCharacter, isStorableText } from "../text-rules.ts";
import { dayOf } from "../time.ts";

/**
 * Account rules and copy both sides apply (SPEC.md sections 5 and 8): the forms check
 * them before sending, the server checks them again before anything is stored.
 */

/** SPEC.md section 6: the terms require age 18 or over. */
export const MINIMUM_AGE = 18;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const FIRST_NAME_MAX_LENGTH = 50;

export const authMessages = {
  invalidEmail: "Please enter a valid email address.",
  loginPasswordTooShort: "Password must be at least 6 characters.",
  weakPassword: "Password must be at least 6 characters and contain at least one letter and one number.",
  firstNameRequired: "First name is required.",
  termsRequired: `Please confirm that you are ${MINIMUM_AGE} or older and accept the terms.`,
  emailAlreadyRegistered: "This email is already registered. Please log in or use a different email.",
  signupFailed: "An error occurred during signup.",
  signupSuccess: "Verify your email and then login",
  loginFailed: "Login failed.",
  loginWithoutUser: "Login succeeded, but user not returned.",
  resetEmailMissing: "Please enter your email first.",
  resetLinkSent: "Password reset link sent! Check your inbox.",
  resetLinkError: (message: string) => `Error sending reset link: ${message}`,
  resetInvalidLink: "⚠️ Invalid or expired reset link.",
  resetTokenMissing: "⚠️ Reset token missing from URL.",
  resetWeakPassword: "❌ Password must be at least 6 characters and contain at least one letter and one number.",
  resetMismatch: "❌ Passwords do not match.",
  resetFailed: (message: string) => `❌ Failed to reset password: ${message}`,
  resetSuccess: "✅ Password updated! Redirecting to login...",
  confirmInvalidLink:
    "Invalid confirmation link. Please check your email and try clicking the confirmation link again.",
  confirmUnexpected: "An unexpected error occurred.",
  confirmTooMany:
    "Too many confirmation attempts from your network. Please wait a few minutes and open the link again.",
  // Answers of the server's auth guard and session check.
  foreignLinkTarget: "The page to return to must be a page of this site.",
  // Too many sign-ups and reset requests answered and still being worked on (decision 0063): the same for everyone.
  busy: "Too many requests at this moment. Please try again in a minute.",
  sessionRequired: "Authentication error. Please try again.",
  invalidCredentials: "Invalid email or password.",
  emailNotConfirmed:
    "Please confirm your email first: check your inbox (and spam folder) for the confirmation link we sent you.",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  firstNameTooLong: `First name must be at most ${FIRST_NAME_MAX_LENGTH} characters.`,
  resetLinkExpired: "This reset link is invalid or has expired. Please request a new one.",
  requestRefused: "This request was refused. Please reload the page and try again.",
} as const;

/** The spec's "basic address pattern": something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string) {
  return (
    email.length <= 254 &&
    EMAIL_PATTERN.test(email.trim()) &&
    isStorableText(email) &&
    !hasControlCharacter(email.trim(), false)
  );
}

/** Sign-up and reset: at least 6 characters with at least one letter and one number. */
export function isStrongPassword(password: string) {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password)
  );
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** Timings of SPEC.md section 9. */
export const authTimings = {
  loginRedirectMs: 100,
  emailConfirmedRedirectMs: 2000,
  resetRedirectMs: 2000,
} as const;

/** The data rights on the profile page (data-rights.ts): what the download and the deletion say. */
export const dataRightsMessages = {
  passwordRequired: "Please enter your password to confirm.",
  wrongPassword: "That password is not correct. Your account was not deleted.",
  cancelFailed:
    "Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.",
  exportFailed: "Could not prepare your data. Please try again.",
  deleteFailed: "Could not delete your account. Please try again.",
} as const;

/** Where the browser lands after the deletion: a signed-out page that says what happened. */
export const accountDeletedPath = paths.accountDeleted;

/** unscroll-data-YYYY-MM-DD.json, the day (UTC) the file was made. */
export function dataExportFileName(at: Date) {
  return `unscroll-data-${dayOf(at)}.json`;
}
