import { makeSignature } from "better-auth/crypto";
import type { Auth } from "#server/auth/auth.ts";
import { type Account, newAccount } from "../personas.ts";

/** An account a builder made: what a test signs in with, and its id. */
export type BuiltAccount = Account & { id: string };

/**
 * A confirmed account (Marcus unless told otherwise), made with better-auth's own adapter as its sign-up endpoint makes
 * one: the user and his password credential, the app's create hooks run (the terms' date, the profile with its five
 * tokens). Confirmed as the e-mail's link confirms him, without the round trip through SMTP: the sign-up and
 * confirmation journeys have their own tests (decision 0174).
 */
export async function buildAccount(auth: Auth, overrides: Partial<Account> = {}): Promise<BuiltAccount> {
  const account = newAccount(overrides);
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: account.email, name: account.firstName, firstName: account.firstName, emailVerified: true },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(account.password),
  });
  return { ...account, id: user.id };
}

/** A browser cookie, as Playwright's `addCookies` and a Cookie header take it. */
export type SessionCookie = { name: string; value: string };

/**
 * A session for him, created by better-auth as a sign-in creates one (its hook makes sure of his profile), and the
 * cookie a sign-in sets: the token signed with the server's secret and encoded as better-auth encodes it, so the app
 * cannot tell it from a sign-in's. The device cookie a password sign-in also leaves is not set: only the login
 * screen's counters read it, and their tests sign in for real.
 */
export async function buildSession(auth: Auth, userId: string): Promise<SessionCookie> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return { name: context.authCookies.sessionToken.name, value: encodeURIComponent(signed) };
}
