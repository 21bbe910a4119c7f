import { z } from "zod";
import { updateProfileSchema } from "#shared/account/contracts.ts";
import { authMessages, isStrongPassword, isValidEmail, normalizeEmail } from "#shared/account/rules.ts";

/**
 * What the auth guard reads from each request body (authEndpoints' `body`), with the spec's rules and messages
 * (src/shared/account, the same functions the forms use). The guard answers the first issue's message (400); what a
 * schema outputs is what better-auth receives. A field the guard leaves to better-auth is `passedOn`: any value, or
 * none, passes here, and the documentation says what better-auth takes (`required` in an object's meta: what
 * better-auth requires of it).
 */

const { invalidEmail, weakPassword, termsRequired } = authMessages;

/** A field better-auth checks itself: anything passes the guard; `documented` is its JSON Schema for the API docs. */
const passedOn = (documented: Record<string, unknown>) =>
  z
    .unknown()
    .optional()
    .meta({ ...documented, description: `${documented.description ?? ""} Checked by better-auth.`.trim() });

/** The spec's "basic address pattern", trimmed and lower-cased as it is stored. */
const address = z
  .string({ error: invalidEmail })
  .transform(normalizeEmail)
  .refine(isValidEmail, { message: invalidEmail })
  .meta({ format: "email" });

/** better-auth's own address check is stricter than the spec's pattern: an address it refused after the answer is lost. */
const betterAuthTakes = (email: string) => z.email().safeParse(email).success;

const strongPassword = z.string({ error: weakPassword }).refine(isStrongPassword, { message: weakPassword });

const returnTarget = (description: string) =>
  passedOn({ type: "string", description: `${description} A path of this site, or an address on an accepted origin.` });

/**
 * POST /sign-up/email. Checked in the sign-up form's order: the address by the spec's pattern, the password, the
 * address by better-auth's check, the first name, the terms. `name` (better-auth requires it) is the first name, and
 * only these fields pass on.
 */
export const signUpBody = z
  .object({
    email: address,
    password: strongPassword,
    // The same first-name rule as the sign-up form and the profile page (one shared text type).
    firstName: updateProfileSchema.shape.firstName,
    acceptTerms: z.literal(true, { error: termsRequired }),
    callbackURL: returnTarget("Where the confirmation link returns to."),
  })
  .check(
    // Its issue goes first: it runs only when the address and the password have none, so it comes right after them.
    z.superRefine(
      (body: { email?: unknown }, payload) => {
        if (typeof body.email === "string" && !betterAuthTakes(body.email)) {
          payload.issues.unshift({ code: "custom", message: invalidEmail, input: body.email, path: ["email"] });
        }
      },
      { when: (payload) => !payload.issues.some((issue) => ["email", "password"].includes(String(issue.path?.[0]))) },
    ),
  )
  .transform(({ email, password, firstName, callbackURL }) => ({
    email,
    password,
    firstName,
    name: firstName,
    callbackURL,
  }));

/** POST /sign-in/email: passed on as sent; the address (when it is text) is what its attempts are counted on. */
export const signInBody = z
  .looseObject({
    email: passedOn({ type: "string", format: "email" }),
    password: passedOn({ type: "string" }),
  })
  .meta({ required: ["email", "password"] });

/** POST /request-password-reset: only the fields better-auth reads pass on; the e-mail's link is ours whatever redirectTo says. */
export const resetRequestBody = z
  .object({
    email: address.refine(betterAuthTakes, { message: invalidEmail }),
    redirectTo: returnTarget("Where the reset link returns to."),
  })
  .transform(({ email, redirectTo }) => ({ email, ...(redirectTo ? { redirectTo } : {}) }));

/**
 * POST /send-verification-email: the login screen's "Resend the e-mail" after sign-up (issue 53 row 9). Only the address
 * passes on: the e-mail's link is ours and lands on the confirmation screen whatever a callbackURL would say.
 */
export const resendConfirmationBody = z
  .object({ email: address.refine(betterAuthTakes, { message: invalidEmail }) })
  .transform(({ email }) => ({ email }));

/** POST /reset-password: the new password by the sign-up rule; the rest (the link's token) passes on as sent. */
export const resetPasswordBody = z
  .looseObject({
    token: passedOn({ type: "string", description: "The token of the reset link." }),
    newPassword: strongPassword,
  })
  .meta({ required: ["token", "newPassword"] });

/** GET /verify-email: the confirmation link of our e-mail. */
export const confirmationLinkQuery = z.object({
  token: z.string().meta({ description: "The confirmation token." }),
  callbackURL: z
    .string()
    .optional()
    .meta({ description: "Ignored: the link always lands on the confirmation screen." }),
});

/** GET /reset-password/:token: the reset link of our e-mail. */
export const resetLinkQuery = z.object({
  callbackURL: z.string().optional().meta({ description: "Ignored: the link always lands on the reset screen." }),
});
