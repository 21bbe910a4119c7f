import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../db/client.ts";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "../db/schema.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../services/mail/mailer.ts";

export type AuthDeps = { db: Db; env: Env; mailer: Mailer; logger: Logger };

export function createAuth({ db, env, mailer, logger }: AuthDeps) {
  const secure = env.APP_URL.startsWith("https://");
  return betterAuth({
    appName: env.publicConfig.appName,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${env.publicConfig.appName} password`,
          text: `Reset your password: ${url}`,
          html: `<p><a href="${url}">Reset your password</a></p>`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Confirm your ${env.publicConfig.appName} account`,
          text: `Confirm your e-mail: ${url}`,
          html: `<p><a href="${url}">Confirm your e-mail</a></p>`,
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          async after(user) {
            await db.insert(profiles).values({ id: user.id }).onConflictDoNothing();
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "unscroll",
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, secure },
    },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
