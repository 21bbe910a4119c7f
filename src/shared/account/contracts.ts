import { z } from "zod";
import { authMessages, isStrongPassword, isValidEmail, PASSWORD_MIN_LENGTH } from "./rules.ts";

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

export const signupFormSchema = z.object({
  firstName: z
    .string()
    .refine((name) => name.trim() !== "", authMessages.firstNameRequired)
    .transform((name) => name.trim()),
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
