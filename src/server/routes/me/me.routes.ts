import { Hono } from "hono";
import { clientIp } from "#server/auth/client-ip.ts";
import { requireUser } from "#server/auth/session.ts";
import { signedOutCookies } from "#server/auth/signed-out-cookies.ts";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { exportUserData } from "#server/services/account/data-export.ts";
import { deleteAccountOnRequest } from "#server/services/account/leave-for-good.ts";
import { me, updateFirstName } from "#server/services/account/profile.ts";
import { disconnect } from "#server/services/strava/connection.ts";
import type { Strava } from "#server/services/strava/strava-service.ts";
import { awardAndReadBadges } from "#server/services/wins/badges.ts";
import { type Me, meSchema, updateProfileSchema } from "#shared/account/contracts.ts";
import { accountDeletedSchema, dataExportSchema, deleteAccountSchema } from "#shared/account/data-rights.ts";
import { authMessages, dataExportFileName, dataRightsMessages } from "#shared/account/rules.ts";
import { badgesAnswerSchema } from "#shared/community/badges.ts";
import { textMessages } from "#shared/text-rules.ts";

/**
 * The client's one question at start: who is signed in (with the joined date the profile shows), and has he
 * finished onboarding (a run validation exists)? PATCH changes his first name with the sign-up rules. GET /data and
 * POST /delete are his data rights (decision 0069): everything stored about him as a file, and leaving for good.
 */
/** Leaving revokes his Strava grant at Strava before his tokens go with his rows (issue 56). */
const revokeWith = (strava: Strava) => (userId: string) => disconnect(strava, userId);

export const meRoutes = new Hono<AppEnv>()
  .get(
    "/",
    documented({
      tag: "Account",
      summary: "Who is signed in, and whether he has finished onboarding (null for nobody).",
      description:
        "`Me`: `{ user: {id, email, firstName, createdAt (ISO, the joined date)} \\| null, onboarding: {runValidated} \\| null }`",
      ok: { 200: { description: "`Me`: `{user, onboarding}`", body: meSchema } },
      public: true,
    }),
    async (c) => {
      const user = c.get("user");
      if (!user) {
        const nobody: Me = { user: null, onboarding: null };
        return c.json(nobody, 200);
      }
      return c.json(await me(c.get("deps").database.db, user), 200);
    },
  )
  .get(
    "/badges",
    documented({
      tag: "Account",
      summary: "His badges, awarding the ones he has earned since he last looked (issue 40).",
      description:
        "`{badges: [{id, title, description, earnedAt}]}` in display order: a validated run, a first and a fifth completed milestone, a finished challenge, a weekly streak of 4 and of 12 weeks. Each is awarded once and never taken back.",
      ok: { 200: { description: "`{badges}`", body: badgesAnswerSchema } },
    }),
    requireUser,
    async (c) => {
      return c.json({ badges: await awardAndReadBadges(c.get("deps").database.db, c.get("user").id) }, 200);
    },
  )
  .patch(
    "/",
    documented({
      tag: "Account",
      summary: "Change his first name, with the sign-up rules.",
      description: `Body \`{firstName}\`. \`Me\`. Sign-up rules: trimmed, required (400 \`${authMessages.firstNameRequired}\`), at most 50 characters (400 \`${authMessages.firstNameTooLong}\`), printable characters only (400 \`${textMessages.invisibleCharacters}\`: it reaches his partners' e-mails). Read fresh on the next request (no session cookie cache), so the dashboard greets him with it at once.`,
      ok: { 200: { description: "`Me`", body: meSchema } },
    }),
    requireUser,
    validate("json", updateProfileSchema),
    async (c) => {
      const { db } = c.get("deps").database;
      const saved = await updateFirstName(db, c.get("user").id, c.req.valid("json").firstName);
      return c.json(await me(db, saved), 200);
    },
  )
  .get(
    "/data",
    documented({
      tag: "Account",
      summary: "Everything stored about him, as a file (decision 0069).",
      description:
        '`DataExport` (`src/shared/account/data-rights.ts`) with `Content-Disposition: attachment; filename="unscroll-data-YYYY-MM-DD.json"`: every table that holds rows of his (found from the schema), all those rows, minus secrets (password hash, session and reset tokens), each section saying what it is and what was left out (decision 0069).',
      ok: { 200: { description: "`DataExport`, as an attachment", body: dataExportSchema } },
    }),
    requireUser,
    async (c) => {
      const deps = c.get("deps");
      const file = await exportUserData(
        deps.database.db,
        deps.proofStorage,
        c.get("user"),
        deps.env.publicConfig.appName,
      );
      c.header("Content-Disposition", `attachment; filename="${dataExportFileName(new Date(file.exportedAt))}"`);
      return c.json(file, 200);
    },
  )
  .post(
    "/delete",
    documented({
      tag: "Account",
      summary: "Delete his account for good (decision 0070).",
      description: `Body \`{password}\`. \`{deleted: true, subscriptionCancelled}\` and the session cookies expired. Counted like a login (429 over the limit); 400 \`${dataRightsMessages.passwordRequired}\` / \`${dataRightsMessages.wrongPassword}\` (nothing deleted); a running subscription is cancelled at Stripe now (502 and nothing deleted if Stripe refuses); then every row of his goes in one transaction, every session included, his Stripe customer is deleted (still 200 if Stripe cannot: the operator's log names it) and a confirmation e-mail follows (decisions 0070, 0147).`,
      ok: {
        200: {
          description: "`AccountDeleted`: `{deleted: true, subscriptionCancelled}`; the session cookies expire",
          body: accountDeletedSchema,
        },
      },
      errors: ["account.wrongPassword", "account.tooManyAttempts", "account.cancelFailed"],
    }),
    requireUser,
    validate("json", deleteAccountSchema),
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const { env } = deps;
      // The service counts the attempt, deletes and mails him; its refusals (429 with Retry-After, 400, 502) are the
      // catalog's. What is left is HTTP: this browser's cookies.
      const answer = await deleteAccountOnRequest(
        {
          db: deps.database.db,
          env,
          stripe: deps.billing.stripe,
          proofStorage: deps.proofStorage,
          revokeStrava: deps.strava ? revokeWith(deps.strava) : undefined,
          mailer: deps.mailer,
          log: c.get("log"),
        },
        user,
        c.req.valid("json").password,
        clientIp(c, env.trustedProxyHops),
      );
      // His sessions are gone with his rows; better-auth expires its own cookies in this browser, and the device one goes.
      const secure = env.APP_URL.startsWith("https://");
      for (const cookie of await signedOutCookies(deps.auth, c.req.raw.headers, secure)) {
        c.header("Set-Cookie", cookie, { append: true });
      }
      return c.json(answer, 200);
    },
  );
