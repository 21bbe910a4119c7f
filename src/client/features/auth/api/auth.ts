import { callAuth } from "#client/lib/auth-client.ts";
import { paths } from "#shared/paths.ts";

/** The account endpoints of better-auth the auth screens call (sign-out is in lib: the navbar needs it too). */

export function signUp(input: { firstName: string; email: string; password: string; acceptTerms: true }) {
  return callAuth("/sign-up/email", {
    ...input,
    name: input.firstName,
    callbackURL: paths.emailConfirmed,
  });
}

export function signIn(input: { email: string; password: string }) {
  return callAuth<{ user?: { id: string } | null }>("/sign-in/email", input);
}

/** The login screen's "Resend the e-mail" after sign-up: a fresh confirmation link, if the account is unconfirmed. */
export function resendConfirmation(email: string) {
  return callAuth("/send-verification-email", { email });
}

export function requestPasswordReset(email: string) {
  return callAuth("/request-password-reset", { email, redirectTo: paths.resetPassword });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return callAuth("/reset-password", input);
}
