import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { type Me, updateProfileSchema } from "../../../shared/account/contracts.ts";
import { type AccountDeleted, dataExportFileName, deleteAccountSchema } from "../../../shared/account/data-rights.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { deviceCookieName } from "../../auth/device-cookie.ts";
import { createRateLimiter, tooManyAttemptsMessage } from "../../auth/rate-limit.ts";
import { requireUser } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { validate } from "../../http/validation.ts";
import { deleteAccount } from "../../services/account/account-deletion.ts";
import { exportUserData } from "../../services/account/data-export.ts";
import { updateFirstName } from "../../services/account/profile.ts";
import { accountDeletedEmail } from "../../services/mail/account-emails.ts";
import { isRunValidated } from "../../services/onboarding/onboarding.ts";

type MeUser = { id: string; email: string; firstName: string; createdAt: Date };

async function me(db: Db, user: MeUser): Promise<Me> {
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, createdAt: user.createdAt.toISOString() },
    onboarding: { runValidated: await isRunValidated(db, user.id) },
  };
}

/**
 * The client's one question at start: who is signed in (with the joined date the profile shows), and has he
 * finished onboarding (a run validation exists)? PATCH changes his first name with the sign-up rules. GET /data and
 * POST /delete are his data rights (decision 0069): everything stored about him as a file, and leaving for good.
 */
export const meRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = c.var.user;
    if (!user) {
      const nobody: Me = { user: null, onboarding: null };
      return c.json(nobody, 200);
    }
    return c.json(await me(c.var.deps.database.db, user), 200);
  })
  .patch("/", requireUser, validate("json", updateProfileSchema), async (c) => {
    const { db } = c.var.deps.database;
    const saved = await updateFirstName(db, c.var.user.id, c.req.valid("json").firstName);
    return c.json(await me(db, saved), 200);
  })
  .get("/data", requireUser, async (c) => {
    const { deps } = c.var;
    const file = await exportUserData(deps.database.db, deps.proofStorage, c.var.user, deps.env.publicConfig.appName);
    c.header("Content-Disposition", `attachment; filename="${dataExportFileName(new Date(file.exportedAt))}"`);
    return c.json(file, 200);
  })
  .post("/delete", requireUser, validate("json", deleteAccountSchema), async (c) => {
    const { deps, user } = c.var;
    const { env } = deps;
    // Counted like a login: per IP and per account, on their own counters, so nobody can guess his password here.
    const limiter = createRateLimiter(deps.database.db, env.rateLimits, env.AUTH_SECRET);
    const verdict = await limiter.consume(
      "signIn",
      { ip: clientIp(c, env.TRUST_PROXY), email: user.email },
      { scope: "deleteAccount" },
    );
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      throw new HTTPException(429, { message: tooManyAttemptsMessage(verdict.retryAfterSeconds) });
    }

    const result = await deleteAccount(
      { db: deps.database.db, stripe: deps.billing.stripe, proofStorage: deps.proofStorage },
      user.id,
      c.req.valid("json").password,
    );
    c.var.log.info({ userId: user.id, deletedRows: result.deletedRows }, "account deleted");
    if (result.photosLeft > 0)
      c.var.log.error({ photosLeft: result.photosLeft }, "proof photos of a deleted account left in storage");

    // His sessions are gone with his rows; better-auth expires its own cookies in this browser.
    const signedOut = await deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of signedOut.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    const secure = env.APP_URL.startsWith("https://");
    c.header(
      "Set-Cookie",
      `${deviceCookieName(secure)}=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
      { append: true },
    );

    try {
      const context = {
        appName: env.publicConfig.appName,
        appUrl: env.APP_URL,
        supportEmail: env.publicConfig.supportEmail,
      };
      await deps.mailer.send({
        to: user.email,
        ...accountDeletedEmail(context, { email: user.email, firstName: user.firstName }, result),
      });
    } catch (error) {
      // The account is gone either way; the e-mail is a courtesy. The mail server's words may quote the address.
      c.var.log.warn({ code: (error as { code?: unknown }).code }, "account-deleted e-mail not sent");
    }
    const answer: AccountDeleted = { deleted: true, subscriptionCancelled: result.subscriptionCancelled };
    return c.json(answer, 200);
  });
