import { z } from "zod";
import { answer } from "../answer.ts";
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
export const meSchema = answer(
  z.union([
    z.object({ user: z.null(), onboarding: z.null() }),
    z.object({
      user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), createdAt: z.string() }),
      onboarding: z.object({ runValidated: z.boolean() }),
    }),
  ]),
);
export type Me = z.infer<typeof meSchema>;

/**
 * What /api/auth answers on success: better-auth's JSON, less the session token (it lives in an HttpOnly cookie only,
 * issue 12). The auth guard's table (routes/auth/endpoints.ts) names one of these per endpoint.
 */
export const authAnswers = {
  /** Sign-up and reset request: answered at once and alike for every address (decisions 0063, 0101). */
  accepted: z.object({ status: z.literal(true), message: z.string().optional() }),
  signedIn: z.object({
    redirect: z.boolean(),
    url: z.string().optional(),
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      firstName: z.string(),
      emailVerified: z.boolean(),
      image: z.string().nullable().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
      termsAcceptedAt: z.string().nullable().optional(),
    }),
  }),
  signedOut: z.object({ success: z.boolean() }),
  passwordReset: z.object({ status: z.boolean() }),
};
