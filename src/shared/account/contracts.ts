import { z } from "zod";
import { userText } from "../text.ts";
import { authMessages, FIRST_NAME_MAX_LENGTH, isStrongPassword, isValidEmail, PASSWORD_MIN_LENGTH } from "./rules.ts";

/**
 * The account forms as typed (SPEC.md section 5), with the messages of `authMessages`. Each checks the raw input;
 * the output is what the form sends (names and addresses trimmed, passwords as typed).
 */

const emailField = z
  .string()
  .refine(isValidEmail, authMessages.invalidEmail)
  .transform((email) => email.trim());

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string().min(PASSWORD_MIN_LENGTH, authMessages.loginPasswordTooShort),
});

// Printable only: his first name reaches his partners' e-mails and screens (issue 41, decision 0115).
const firstNameField = userText({
  max: FIRST_NAME_MAX_LENGTH,
  printable: true,
  messages: { required: authMessages.firstNameRequired, tooLong: authMessages.firstNameTooLong },
});

export const signupFormSchema = z.object({
  firstName: firstNameField,
  email: emailField,
  password: z.string().refine(isStrongPassword, authMessages.weakPassword),
  acceptTerms: z.boolean().refine((accepted) => accepted, authMessages.termsRequired),
});

export const resetPasswordFormSchema = z
  .object({
    password: z.string().refine(isStrongPassword, authMessages.resetWeakPassword),
    confirm: z.string(),
  })
  .refine((form) => form.confirm === form.password, { message: authMessages.resetMismatch, path: ["confirm"] });

/** PATCH /api/me: the profile page changes the first name with the sign-up rules. Answers Me. */
export const updateProfileSchema = z.object({ firstName: firstNameField });
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

/** GET /api/me: who is signed in (with the joined date the profile shows) and whether his run is validated. */
export type Me =
  | { user: null; onboarding: null }
  | {
      user: { id: string; email: string; firstName: string; createdAt: string };
      onboarding: { runValidated: boolean };
    };
