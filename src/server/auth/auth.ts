import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createEmailVerificationToken } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { emailContext } from "#server/services/mail/email-layout.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/account/rules.ts";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "#shared/account/session-lifetime.ts";
import { emailConfirmedLandingPath, paths } from "#shared/paths.ts";
import { registerContextStorage, withAsyncContext } from "../async-context.ts";
import type { Db } from "../db/client.ts";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { acceptedOrigins } from "../http/origin-check.ts";
import { type Logger, safeError } from "../logger.ts";
import {
  type AccountEmailContext,
  confirmationEmail,
  existingAccountEmail,
  passwordResetEmail,
} from "../services/mail/account-emails.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import { createDeferredAuthWork } from "./deferred-auth-work.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { ensureProfile } from "./profile.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { COOKIE_PREFIX } from "./session-cookie.ts";

/** better-auth puts addresses and link tokens into some messages ("Sign-up attempt for existing email: …"). */
function scrubAuthText(text: string): string {
  return text
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, "<email>")
    .replace(/((?:token|code|password)=)[^&\s"']+/gi, "$1…")
    .replace(/(\/reset-password\/)[^/?\s"']+/g, "$1:token");
}

function safeLogArgument(value: unknown): unknown {
  if (typeof value === "string") return scrubAuthText(value);
  if (value instanceof Error) return safeError(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === "string" ? scrubAuthText(item) : safeError(item),
      ]),
    );
  }
  return value;
}

export type AuthDeps = { db: Db; env: Env; mailer: Mailer; logger: Logger };

/** Set by our auth route from the socket or trusted proxy; any client-sent value is replaced. */
export const CLIENT_IP_HEADER = "x-unscroll-client-ip";

const CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;
/** better-auth keeps a reset link as the verification row `reset-password:<token>` whose value is the user id. */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * The address a reset link belongs to, while the link is still good (read before better-auth uses it up): the
 * browser that sets a new password through it has proven the mailbox, and gets a device cookie (decision 0064).
 */
export async function emailOfResetToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}${token}`));
  return row?.email ?? null;
}

/** better-auth's AsyncLocalStorages, one each per process (on its global, made at their first use). */
async function registerBetterAuthStorages(): Promise<void> {
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
  ]);
  for (const storage of storages) registerContextStorage(storage);
}

type MailUser = { id: string; email: string; firstName?: unknown; name?: string | null };

export function createAuth({ db, env, mailer, logger }: AuthDeps) {
  const secure = env.APP_URL.startsWith("https://");
  const limiter = createRateLimiter(db, env.rateLimits, env.AUTH_SECRET);
  const mailContext: AccountEmailContext = emailContext(env);
  const recipient = (user: MailUser) => ({
    email: user.email,
    firstName: typeof user.firstName === "string" ? user.firstName : user.name,
  });

  /**
   * Account e-mails to one address are capped per window whatever triggers them, so
   * nobody can flood a stranger's inbox through sign-up or login attempts. Over the cap
   * the mail is skipped (the answer to the request stays the same: no enumeration).
   */
  async function sendAccountMail(user: MailUser, message: ReturnType<typeof confirmationEmail>) {
    const verdict = await limiter.consume("verificationEmail", { email: user.email }, { scope: "accountMail" });
    if (!verdict.allowed) {
      logger.warn({ userId: user.id }, "account e-mail skipped: too many sent to this address");
      return;
    }
    await mailer.send({ to: user.email, ...message });
  }

  function confirmationUrl(token: string) {
    return `${env.APP_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(emailConfirmedLandingPath)}`;
  }

  /**
   * A new password voids every reset link still in a mailbox (they are verification rows keyed to the user). The
   * signed-in /change-password, the other way to a new password, is closed (decision 0065).
   */
  async function voidResetLinks(userId: string) {
    await db
      .delete(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
  }

  async function sendConfirmation(user: MailUser, token: string) {
    await sendAccountMail(
      user,
      confirmationEmail(mailContext, recipient(user), confirmationUrl(token), CONFIRMATION_TTL_SECONDS / 3600),
    );
  }

  const auth = betterAuth({
    appName: env.publicConfig.appName,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    // The same origins the app's own origin check accepts (http/origin-check.ts): in development also the address
    // the app was opened on, so 127.0.0.1 and the LAN address work as well as localhost.
    trustedOrigins: (request) => acceptedOrigins(env, request),
    database: drizzleAdapter(db, {
      provider: "pg",
      // Sign-up (user + credentials) and password reset (token + password + sessions) commit as one.
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        // Set by the server, never by the request body: the auth guard lets a sign-up through only with consent.
        termsAcceptedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The used link is gone already; any older or newer one must not change the password again.
      async onPasswordReset({ user }) {
        await voidResetLinks(user.id);
      },
      async sendResetPassword({ user, token }) {
        // Our own link, so it always lands on the reset screen whatever the request asked for.
        const url = `${env.APP_URL}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(paths.resetPassword)}`;
        await mailer.send({
          to: user.email,
          ...passwordResetEmail(mailContext, recipient(user), url, RESET_TTL_SECONDS / 60),
        });
      },
      // Sign-up with a known address answers exactly like a new one; the owner learns by e-mail.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          const token = await createEmailVerificationToken(
            env.AUTH_SECRET,
            user.email,
            undefined,
            CONFIRMATION_TTL_SECONDS,
            { userId: user.id },
          );
          await sendConfirmation(user, token);
          return;
        }
        await sendAccountMail(user, existingAccountEmail(mailContext, recipient(user), `${env.APP_URL}${paths.login}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Logging in before confirming sends a fresh link (the old one may have expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_TTL_SECONDS,
      async sendVerificationEmail({ user, token }, request) {
        // A resend is answered after better-auth's fixed half second whether or not a mail goes out; waiting for the
        // mail server as well would tell by the time who has an unconfirmed account (issue 53 row 9).
        if (request && new URL(request.url).pathname.endsWith("/send-verification-email")) {
          void sendConfirmation(user, token).catch((error) =>
            logger.error({ err: error, userId: user.id }, "confirmation e-mail (resend) failed"),
          );
          return;
        }
        await sendConfirmation(user, token);
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, termsAcceptedAt: new Date() } };
          },
          async after(user) {
            await ensureProfile(db, user.id);
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await ensureProfile(db, session.userId);
          },
        },
      },
    },
    // Our auth route counts attempts in the database before better-auth sees them.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin check when NODE_ENV=test; the tests must see what production does.
      disableOriginCheck: false,
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // E-mail goes out after the answer, so response times do not reveal whether an
      // address has an account. better-auth logs a failed send.
      backgroundTasks: { handler: () => {} },
    },
    logger: {
      // Everything goes to our logger, whose level decides what is written.
      level: "debug",
      // Its arguments may hold a failed query's error: logged without the query's parameters (the user's input).
      // Its messages may name an address or a link's token: those are scrubbed too.
      log: (level, message, ...args) =>
        logger[level]({ args: args.map(safeLogArgument) }, `auth: ${scrubAuthText(message)}`),
    },
  });
  // Every call into better-auth runs inside withAsyncContext: its three AsyncLocalStorages are disabled again when no
  // call is under way (decision 0180). These two are the only ways in.
  const storages = registerBetterAuthStorages();
  const asUse = <T>(call: () => T | Promise<T>): Promise<T> =>
    withAsyncContext(async () => {
      await storages;
      return call();
    });
  const { handler: handle, api: endpoints } = auth;
  const handler = (request: Request) => asUse(() => handle(request));
  const api = new Proxy(endpoints, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => asUse(() => value.apply(target, args));
    },
  });
  return Object.assign(auth, {
    handler,
    api,
    /**
     * The sign-ups and reset requests answered before their work (decisions 0063, 0101 and 0121), still being done:
     * one registry per instance, so per app (tests run several apps in one process). The auth guard starts the work
     * here; a stopping server waits for it (`settleAnsweredAuthWork`); another instance does it if this one dies.
     */
    answeredWork: createDeferredAuthWork({
      db,
      logger,
      secret: env.AUTH_SECRET,
      handle: (request) => auth.handler(request),
    }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
